import type { Database } from '../db/open-database'
import { outbox } from '../db/schema'

/** A transaction or the database: pass the transaction of the business change so both commit together. */
export type DbOrTx = Pick<Database, 'insert'>

/**
 * What a row in the outbox carries. The worker (server/outbox/outbox-worker.ts) delivers it after the
 * transaction commits, retrying with backoff until it succeeds (at most 12 attempts, then 'dead').
 *
 * channel 'mail': payload is exactly `{ to, subject, text, html?, attachments? }` (server/mail/mail-message-schema.ts):
 *   `to` one email address, `subject` one line, `text` the plain-text body (always give it: the log and
 *   the dev mailbox show it), `html` an optional HTML alternative, `attachments` files described by
 *   kind (`{ kind: 'transmittal', jobId, release }`) and rendered when the mail is sent. Sent from MAIL_FROM over SMTP_URL;
 *   without SMTP_URL it is printed to the server log and listed on /dev/mailbox (loopback PUBLIC_URL only).
 *   A payload that does not match is marked dead without a retry. `kind` names the mail for the log
 *   ('verification-code', 'password-reset', ...); it is not shown to the recipient.
 *
 * channel 'notification': for the team. Delivered to the Discord webhook (DISCORD_WEBHOOK_URL), or to the
 *   log without it. `kind` gives the headline ('contact' -> "New contact message", 'job-request',
 *   'chat', 'activity', 'wallet-disconnect'; others are spelled out from the kind). In `payload`, a
 *   string `summary` follows the headline, the first of message/text/description/body/content becomes
 *   the body, and every other field is listed as "Name: value". Keep it flat and free of secrets.
 *
 * Example, inside the transaction that creates the contact row:
 *   await enqueueOutbox(tx, { channel: 'notification', kind: 'contact', payload: { name, email, message } })
 *   await enqueueOutbox(tx, { channel: 'mail', kind: 'verification-code', payload: { to, subject, text } })
 */
export interface OutboxMessage {
  /** 'notification' goes to Discord (or the log); 'mail' goes to SMTP (or the dev mailbox). */
  channel: 'notification' | 'mail'
  kind: string
  payload: Record<string, unknown>
}

/**
 * Records a message to deliver. Call it inside the transaction of the change it reports. A mail that a
 * user can cause again and again goes through enqueueGroupedMail instead, which merges a burst into one.
 */
export async function enqueueOutbox(db: DbOrTx, message: OutboxMessage) {
  await db.insert(outbox).values({ channel: message.channel, kind: message.kind, payload: message.payload })
}
