import nodemailer from 'nodemailer'
import { site } from '../../lib/site'
import type { Env } from '../core/env'
import type { Logger } from '../core/logger'
import { isDevMailboxEnabled } from './is-dev-mailbox-enabled'
import type { MailFile, MailMessage } from './mail-message-schema'

export interface Mailer {
  /** 'smtp' with SMTP_URL; otherwise 'dev-mailbox' (the log and the /dev/mailbox page). */
  transport: 'smtp' | 'dev-mailbox'
  from: string
  /** Sends one mail with the files attached (rendered from its `attachments`); throws when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage, files?: MailFile[]): Promise<void>
  close(): void
}

const defaultMailFrom = `${site.companyName} <no-reply@${site.email.split('@')[1]}>`

export interface CreateMailerOptions {
  /**
   * Whether the log is read at an interactive terminal (stdout is a TTY). Only then does the dev
   * transport print a mail's text, codes included: a log redirected to a file (`npm start > app.log`)
   * is often readable by others, and a code in it is a way into the account.
   */
  interactive?: boolean
}

/**
 * Outgoing mail. Callers do not use it directly: they enqueue a 'mail' row in the outbox, and the
 * outbox worker sends it here, so a mail is committed with the change that causes it and retried.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'publicUrl'>, log: Logger, { interactive = process.stdout.isTTY === true }: CreateMailerOptions = {}): Mailer {
  const from = env.MAIL_FROM ?? defaultMailFrom
  if (!env.SMTP_URL) {
    const whereToRead = isDevMailboxEnabled(env)
      ? `read it at ${env.publicUrl}/dev/mailbox`
      : 'its text is not logged because this log is not a terminal; set SMTP_URL to send mail'
    return {
      transport: 'dev-mailbox',
      from,
      async send(message, files = []) {
        const attached = files.length ? ` (attached: ${files.map((f) => f.filename).join(', ')})` : ''
        const summary = `mail (not sent, no SMTP_URL) to ${message.to}: ${message.subject}${attached}`
        // At a terminal, printed in full: this is how a newcomer reads a verification code.
        if (interactive) log.info({ mail: { from, to: message.to, subject: message.subject } }, `${summary}\n${message.text}`)
        else log.info({ mail: { from, to: message.to, subject: message.subject } }, `${summary} (${whereToRead})`)
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
    async send(message, files = []) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: files.map((f) => ({ filename: f.filename, content: f.content, contentType: f.contentType })),
      })
    },
    close() {
      transporter.close()
    },
  }
}
