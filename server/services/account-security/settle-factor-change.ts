import type { AccountEventAction } from '../../../lib/activity-actions'
import type { Actor } from '../../auth/actor'
import type { Database } from '../../db/open-database'
import { mailSecurityNotice } from '../activity/mail-security-notice'
import { recordSecurityEvent, type RequestClient } from '../activity/record-security-event'
import { endOtherSessionsOf } from './end-other-sessions-of'

export interface FactorChange {
  action: AccountEventAction
  client?: RequestClient
  details?: Record<string, unknown>
  /** The notice's subject, and its first line: what happened. */
  subject: string
  happened: string
}

/**
 * What every change to a sign-in factor ends with, in its transaction: every other session of the
 * person ends (one may have been signed in with the factor as it was), the change goes into the
 * activity log, and the owner is mailed what happened and that the other sessions were signed out.
 */
export async function settleFactorChange(tx: Pick<Database, 'delete' | 'insert'>, a: Actor & { sessionId: string }, change: FactorChange): Promise<void> {
  await endOtherSessionsOf(tx, a.userId, a.sessionId)
  await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: change.action, ...change.client, details: change.details })
  await mailSecurityNotice(tx, { to: a.email, subject: change.subject, lines: [change.happened, 'Every other session was signed out.'] })
}
