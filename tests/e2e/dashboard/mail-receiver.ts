import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface MailReceiver {
  url: string
  mails: ReceivedMail[]
  /** Waits for the newest mail to `to` holding a 6-digit code and returns the code. */
  waitForCode(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string>
  close(): Promise<void>
}

/** A local SMTP server (plain, no auth) standing in for the mail provider: verification codes land here. */
export async function startMailReceiver(): Promise<MailReceiver> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForCode(to, { after = 0, timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const mail = mails.slice(after).findLast((m) => m.to.includes(to.toLowerCase()))
        const code = mail && /^\s+(\d{6})\s*$/m.exec(mail.raw)?.[1]
        if (code) return code
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
