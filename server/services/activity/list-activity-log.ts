import { ACTIVITY_PAGE_SIZE, activityFilterSchema } from '../../../lib/activity-schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { ActivityPage } from '../../../lib/activity-types'
import { queryActivity } from './query-activity'

/** The whole activity log, for admins only: every account's events and every admin action, filtered, newest first, paged. */
export async function listActivityLog({ actor, filter = {}, page = 1 }: { actor: MaybeActor; filter?: unknown; page?: number }): Promise<ActivityPage> {
  requireAdmin(actor)
  const parsed = parseInput(activityFilterSchema, filter ?? {})
  const current = Math.max(1, Math.floor(page))
  const rows = await queryActivity({ filter: parsed, limit: ACTIVITY_PAGE_SIZE + 1, offset: (current - 1) * ACTIVITY_PAGE_SIZE })
  return { entries: rows.slice(0, ACTIVITY_PAGE_SIZE), page: current, hasMore: rows.length > ACTIVITY_PAGE_SIZE }
}
