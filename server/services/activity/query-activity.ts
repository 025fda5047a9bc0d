import { sql, type SQL } from 'drizzle-orm'
import { labelOfAction, signInMethodLabels } from '../../../lib/activity-actions'
import type { ActivityFilter } from '../../../lib/activity-schema'
import { describeUserAgent } from '../../../lib/user-agent'
import { getAppContext } from '../../context/app-context'
import { describePlace } from '../../geo/describe-place'
import type { ActivityEntry } from '../../../lib/activity-types'

interface Row extends Record<string, unknown> {
  kind: 'account' | 'admin'
  id: string
  created_at: string | Date
  action: string
  ip_address: string | null
  user_agent: string | null
  details: Record<string, unknown> | null
  subject_email: string | null
  actor_email: string | null
}

/**
 * Reads the activity log, newest first: the accounts' own events (security_event) and the admins'
 * actions on clients' data (audit_log) as one list. `subjectUserId` keeps to one account's events and
 * the admins' actions on its data; `filter` narrows it further. No permission check: callers check.
 */
export async function queryActivity({ subjectUserId, filter = {}, limit, offset = 0 }: { subjectUserId?: string; filter?: ActivityFilter; limit: number; offset?: number }): Promise<ActivityEntry[]> {
  const { db } = getAppContext()
  const where: SQL[] = [sql`true`]
  if (subjectUserId) where.push(sql`entries.subject_id = ${subjectUserId}`)
  if (filter.account) {
    const pattern = `%${filter.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(sql`(lower(coalesce(su.email, entries.email_then, '')) LIKE ${pattern} OR lower(coalesce(au.email, '')) LIKE ${pattern})`)
  }
  if (filter.action) where.push(sql`entries.action = ${filter.action}`)
  if (filter.from) where.push(sql`entries.created_at >= ${filter.from}::date`)
  if (filter.to) where.push(sql`entries.created_at < ${filter.to}::date + 1`)
  const result = await db.execute<Row>(sql`
    WITH entries AS (
      SELECT 'account' AS kind, e.id, e.created_at, e.user_id AS subject_id, NULL::text AS actor_id, e.action, e.ip_address, e.user_agent, e.details, e.email AS email_then
        FROM security_event e
      UNION ALL
      SELECT 'admin', l.id, l.created_at, l.subject_user_id, l.actor_id, l.action, NULL, NULL, l.details, NULL
        FROM audit_log l
    )
    SELECT entries.kind, entries.id::text AS id, entries.created_at, entries.action, entries.ip_address, entries.user_agent, entries.details,
           coalesce(su.email, entries.email_then) AS subject_email, au.email AS actor_email
      FROM entries
      LEFT JOIN "user" su ON su.id = entries.subject_id
      LEFT JOIN "user" au ON au.id = entries.actor_id
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY entries.created_at DESC, entries.kind, entries.id DESC
     LIMIT ${limit} OFFSET ${offset}`)
  return result.rows.map(toEntry)
}

function toEntry(row: Row): ActivityEntry {
  const client = row.user_agent ? describeUserAgent(row.user_agent) : null
  return {
    id: `${row.kind}-${row.id}`,
    at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    action: row.action,
    label: labelOfAction(row.action),
    accountEmail: row.subject_email,
    byEmail: row.kind === 'admin' ? row.actor_email : null,
    ipAddress: row.ip_address,
    place: row.ip_address ? describePlace(row.ip_address) : null,
    browser: client ? `${client.browser} on ${client.os}` : null,
    details: describeDetails(row.action, row.details),
  }
}

/** The recorded details in words: the few a person needs, never raw identifiers alone. */
function describeDetails(action: string, details: Record<string, unknown> | null): string {
  if (!details) return ''
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '')
  if (action === 'sign-in') return `With ${signInMethodLabels[text(details.method)] ?? text(details.method)}`
  const parts: string[] = []
  if (details.name !== undefined) parts.push(`“${text(details.name)}”`)
  if (details.from !== undefined && details.to !== undefined) parts.push(`${text(details.from)} → ${text(details.to)}`)
  if (details.label !== undefined) parts.push(text(details.label))
  if (Array.isArray(details.fields)) parts.push(`Fields: ${details.fields.map(text).join(', ')}`)
  if (details.path !== undefined) parts.push(text(details.path))
  if (details.enabled !== undefined) parts.push(details.enabled ? 'On' : 'Off')
  if (details.left !== undefined) parts.push(`${text(details.left)} left`)
  if (details.ended !== undefined) parts.push(`${text(details.ended)} ended`)
  if (details.current === true) parts.push('This session')
  if (!parts.length && details.id !== undefined) parts.push(`Job ${text(details.id)}`)
  return parts.join('; ')
}
