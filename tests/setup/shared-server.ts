import type { TestProject } from 'vitest/node'
import { serveMailbox } from './mailbox'
import { startSmtpReceiver } from './smtp-receiver'
import { spawnTestServer, type TestServer } from './test-server'

/** The upload limit of the portal's shared server (small, so "too large" is quick to show). */
export const portalUploadLimit = 20_000_000
/** Its preview limit (small, so "too large to preview" needs only a 1.2 MB file). */
export const portalPreviewLimit = 1_000_000

/**
 * The browser tests' servers, started once for the run instead of once per file, and stopped at its
 * end. Tests that share one keep apart by their own users and data.
 * - One for every test that needs no settings of its own (startTestServer() without options).
 * - One for the client portal's tests (tests/e2e/dashboard): it mails through a receiver kept here,
 *   whose mails the test files read over loopback HTTP, and has small upload and preview limits.
 */
const servers: TestServer[] = []
const closers: (() => Promise<void>)[] = []

export async function setup(project: TestProject) {
  const mail = await startSmtpReceiver()
  const mailbox = await serveMailbox(mail)
  closers.push(() => mail.close(), () => mailbox.close())
  const [shared, portal] = await Promise.all([
    spawnTestServer({ own: true }),
    spawnTestServer({
      own: true,
      // Mail about a job is grouped per window, and the client's waits one out: two seconds keep the tests quick.
      env: { SMTP_URL: mail.url, MAIL_FROM: 'portal@example.com', UPLOAD_MAX_BYTES: String(portalUploadLimit), PREVIEW_MAX_BYTES: String(portalPreviewLimit), MAIL_GROUP_SECONDS: '2' },
    }),
  ])
  servers.push(shared, portal)
  project.provide('sharedServer', { url: shared.url, dataDir: shared.dataDir })
  project.provide('portalServer', { url: portal.url, dataDir: portal.dataDir, mailboxUrl: mailbox.url })
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()))
  for (const s of servers) s.cleanup()
  for (const close of closers) await close()
}
