import nodemailer from 'nodemailer'
import { site } from '../../lib/site'
import type { Env } from '../env'
import type { Logger } from '../logger'
import type { MailMessage } from './mail-message-schema'

export interface Mailer {
  /** 'smtp' with SMTP_URL; otherwise 'dev-mailbox' (the log and the /dev/mailbox page). */
  transport: 'smtp' | 'dev-mailbox'
  from: string
  /** Sends one mail; throws when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>
  close(): void
}

export const defaultMailFrom = `${site.companyName} <no-reply@${site.email.split('@')[1]}>`

/**
 * Outgoing mail. Callers do not use it directly: they enqueue a 'mail' row in the outbox, and the
 * outbox worker sends it here, so a mail is committed with the change that causes it and retried.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, log: Logger): Mailer {
  const from = env.MAIL_FROM ?? defaultMailFrom
  if (!env.SMTP_URL) {
    return {
      transport: 'dev-mailbox',
      from,
      async send(message) {
        // Printed in full on purpose: without SMTP this is how a newcomer reads a verification code.
        log.info({ mail: { from, to: message.to, subject: message.subject } }, `mail (not sent, no SMTP_URL) to ${message.to}: ${message.subject}\n${message.text}`)
      },
      close() {},
    }
  }
  const transporter = nodemailer.createTransport({
    url: env.SMTP_URL,
    // Bounded, so a stuck server cannot hold an outbox row past its lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    transport: 'smtp',
    from,
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html })
    },
    close() {
      transporter.close()
    },
  }
}
