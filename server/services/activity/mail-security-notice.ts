import { site } from '../../../lib/site'
import type { DbOrTx } from '../../outbox/enqueue'
import { enqueueOutbox } from '../../outbox/enqueue'

export interface SecurityNotice {
  to: string
  subject: string
  /** What happened, one sentence per line. */
  lines: string[]
}

/**
 * Mails the account's owner that something changed how the account is signed in to (a sign-in from a
 * new browser, a factor added or removed), through the outbox, with what to do if it was not them.
 * Pass the transaction of the change.
 */
export async function mailSecurityNotice(db: DbOrTx, { to, subject, lines }: SecurityNotice): Promise<void> {
  const text = [
    ...lines,
    '',
    'If this was you, there is nothing to do.',
    `If it was not, sign in to ${site.companyName} and change your password at once, then look at "Where you're signed in" and "Activity" under "Sign-in and security" on your dashboard, and end any session you do not recognise.`,
  ].join('\n')
  await enqueueOutbox(db, { channel: 'mail', kind: 'security-notice', payload: { to, subject: `${site.companyName}: ${subject}`, text } })
}
