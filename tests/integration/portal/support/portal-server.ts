import { rmSync } from 'node:fs'
import { afterAll, beforeAll } from 'vitest'
import { startServer, type RunningServer } from '../../../../server/app'
import { parseEnv } from '../../../../server/core/env'
import { createLogger, type Logger } from '../../../../server/core/logger'
import { startSmtpReceiver, type SmtpReceiver } from '../../platform/support/receivers'
import { newDataDir } from '../../../setup/data-dir'
import { readingThrough } from '../../../setup/started-for-suite'

export interface PortalServer {
  server: RunningServer
  url: string
  dataDir: string
  smtp: SmtpReceiver
  /** Waits for the newest 6-digit code mailed to `email` after `sinceCount` mails to that address (mails without a code skipped). */
  waitForCode(email: string, sinceCount?: number): Promise<string>
  mailsTo(email: string): number
  close(): Promise<void>
}

/**
 * The real server in this process (embedded PostgreSQL in a temporary DATA_DIR, every plugin) with a
 * real SMTP receiver on loopback as SMTP_URL, so codes arrive the way a user gets them. `log` replaces
 * the silent logger (a test that reads what the server logs).
 */
export async function startPortalServer(env: Record<string, string> = {}, { log }: { log?: Logger } = {}): Promise<PortalServer> {
  const smtp = await startSmtpReceiver()
  const dataDir = await newDataDir('portal-')
  const server = await startServer({
    env: parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.test', ...env }),
    log: log ?? createLogger((process.env.PORTAL_TEST_LOG as 'silent' | undefined) ?? 'silent'),
  })
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length
  return {
    server,
    url: server.url,
    dataDir,
    smtp,
    mailsTo,
    async waitForCode(email, sinceCount = 0) {
      const deadline = Date.now() + 15_000
      while (Date.now() < deadline) {
        // The newest mail with a code: a notice (a sign-in from a new browser) may arrive between.
        const mails = smtp.mails.filter((m) => m.to.includes(email)).slice(sinceCount)
        for (const mail of mails.reverse()) {
          const code = /^\s+(\d{6})\s*$/m.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1]
          if (code) return code
        }
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no code mailed to ${email}`)
    },
    async close() {
      await server.close()
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The portal for the enclosing suite: started before its tests (the first `beforeAll`, so the suite's
 * own hooks can use it) and closed after them. The object answers for the running server; reading it
 * before the suite's hooks run throws.
 */
export function portalServerForSuite(env: Record<string, string> = {}, options: { log?: Logger } = {}): PortalServer {
  let running: PortalServer | undefined
  beforeAll(async () => {
    running = await startPortalServer(env, options)
  })
  afterAll(async () => {
    await running?.close()
  })
  const current = () => {
    if (!running) throw new Error('the portal starts before the suite’s tests: use it in a hook or a test')
    return running
  }
  const calls: Pick<PortalServer, 'waitForCode' | 'mailsTo' | 'close'> = {
    waitForCode: (email, sinceCount) => current().waitForCode(email, sinceCount),
    mailsTo: (email) => current().mailsTo(email),
    close: () => current().close(),
  }
  return readingThrough(current, ['server', 'url', 'dataDir', 'smtp'], calls)
}
