import { createMailer } from '../../../../server/mail/create-mailer'
import { createLogger } from '../../../../server/core/logger'

/**
 * Sends one mail through the dev transport (no SMTP_URL) with the server's logger, as the outbox worker
 * does, so a test can run it with or without a terminal on stdout and read what the log holds.
 */
const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: undefined, PUBLIC_URL: undefined, publicUrl: 'http://localhost:3000' }, createLogger('info'))
await mailer.send({ to: process.argv[2] ?? 'someone@example.test', subject: 'Your verification code', text: `Your code is:\n\n    ${process.argv[3] ?? '000000'}\n` })
