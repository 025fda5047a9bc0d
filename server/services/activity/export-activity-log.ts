import { ACTIVITY_EXPORT_MAX_ROWS, activityFilterSchema } from '../../../lib/activity-schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { ActivityEntry } from '../../../lib/activity-types'
import { queryActivity } from './query-activity'

const columns: [string, (e: ActivityEntry) => string | null][] = [
  ['Time (UTC)', (e) => e.at],
  ['Kind', (e) => e.kind],
  ['Action', (e) => e.action],
  ['What happened', (e) => e.label],
  ['Account', (e) => e.accountEmail],
  ['By admin', (e) => e.byEmail],
  ['Address', (e) => e.ipAddress],
  ['Place', (e) => e.place],
  ['Browser', (e) => e.browser],
  ['Details', (e) => e.details],
]

/**
 * The whole activity log as CSV (RFC 4180), for admins only, filtered as on the page, newest first, at
 * most ACTIVITY_EXPORT_MAX_ROWS rows. A cell a spreadsheet would run as a formula (it starts with
 * =, +, -, @, tab or carriage return: an email or a file name someone typed) is prefixed with '.
 */
export async function exportActivityLog({ actor, filter = {} }: { actor: MaybeActor; filter?: unknown }): Promise<string> {
  requireAdmin(actor)
  const parsed = parseInput(activityFilterSchema, filter ?? {})
  const rows = await queryActivity({ filter: parsed, limit: ACTIVITY_EXPORT_MAX_ROWS })
  const lines = [columns.map(([name]) => csvCell(name)).join(','), ...rows.map((e) => columns.map(([, value]) => csvCell(value(e) ?? '')).join(','))]
  return lines.join('\r\n') + '\r\n'
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
