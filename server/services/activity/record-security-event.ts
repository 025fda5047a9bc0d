import type { AccountEventAction } from '../../../lib/activity-actions'
import type { Database } from '../../db/open-database'
import { securityEvents } from '../../db/schema'

/** Where a request came from, as the activity log records it: the client's address as the server resolved it, and its browser. */
export interface RequestClient {
  ip?: string | null
  userAgent?: string | null
}

export interface SecurityEventInput {
  userId: string
  /** The account's email at the time. */
  email: string
  action: AccountEventAction
  /** The client's address as the server resolved it, and its user agent, when a request caused it. */
  ip?: string | null
  userAgent?: string | null
  details?: Record<string, unknown>
}

/**
 * Adds one event to the account's activity log (the log is only ever added to). Pass the transaction
 * of the change it records so both commit together.
 */
export async function recordSecurityEvent(db: Pick<Database, 'insert'>, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    email: event.email,
    action: event.action,
    ipAddress: event.ip && event.ip !== 'unknown' ? event.ip : null,
    userAgent: event.userAgent ? event.userAgent.slice(0, 512) : null,
    details: event.details ?? null,
  })
}
