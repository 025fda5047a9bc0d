import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ReceivedMail, SmtpReceiver } from './smtp-receiver'

/** What a test reads from a mail receiver, in its own process or in the test runner's. */
export interface Mailbox {
  /** Every mail received, oldest first. */
  all(): Promise<ReceivedMail[]>
  /** Waits for the newest mail to `to` (after the first `after` mails) holding a 6-digit code, and returns the code. */
  waitForCode(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string>
}

/** The 6-digit code a mail carries on a line of its own (quoted-printable soft line breaks joined first). */
function codeIn(mail: ReceivedMail | undefined): string | undefined {
  return (mail && /^\s+(\d{6})\s*$/m.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1]) || undefined
}

/** waitForCode for any list of mails. */
export async function waitForCodeIn(all: () => Promise<ReceivedMail[]> | ReceivedMail[], to: string, { after = 0, timeoutMs = 20_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    // The newest mail with a code: a notice (a sign-in from a new browser) may arrive between.
    const code = codeIn((await all()).slice(after).findLast((m) => m.to.includes(to.toLowerCase()) && codeIn(m) !== undefined))
    if (code) return code
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`)
}

/**
 * A receiver's mails served as JSON on loopback, for the test files of a run that share one server
 * (and so one receiver, started by the global setup in the test runner's process).
 */
export async function serveMailbox(receiver: SmtpReceiver): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(receiver.mails))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The mailbox served by serveMailbox. */
export function remoteMailbox(url: string): Mailbox {
  const all = async () => (await (await fetch(url)).json()) as ReceivedMail[]
  return { all, waitForCode: (to, options) => waitForCodeIn(all, to, options) }
}
