import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { waitForCodeIn, type Mailbox } from './mailbox'

export interface ReceivedMail {
  from: string
  /** Recipients, lower-cased. */
  to: string[]
  subject: string
  raw: string
}

export interface SmtpReceiver extends Mailbox {
  /** SMTP_URL for the server under test. */
  url: string
  /** Every mail received, oldest first. */
  mails: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A loopback SMTP server (plain, no auth) standing in for the mail provider, for tests and benches:
 * it keeps every mail, so verification codes can be read as a user would read them.
 */
export async function startSmtpReceiver({ port: wantedPort = 0 }: { port?: number } = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    all: async () => mails,
    waitForCode: (to, options) => waitForCodeIn(() => mails, to, options),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
