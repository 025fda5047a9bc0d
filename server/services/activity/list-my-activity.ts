import { ACTIVITY_PAGE_SIZE } from '../../../lib/activity-schema'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import type { ActivityPage } from '../../../lib/activity-types'
import { queryActivity } from './query-activity'

/**
 * The signed-in person's own activity log, newest first, a page at a time: their account's events
 * (sign-ins and failures, changes of password, email and factors, tokens) and every action an admin
 * took on their data. Only ever their own, whoever they are.
 */
export async function listMyActivity({ actor, page = 1 }: { actor: MaybeActor; page?: number }): Promise<ActivityPage> {
  const a = requireSignedIn(actor)
  const current = Math.max(1, Math.floor(page))
  const rows = await queryActivity({ subjectUserId: a.userId, limit: ACTIVITY_PAGE_SIZE + 1, offset: (current - 1) * ACTIVITY_PAGE_SIZE })
  return { entries: rows.slice(0, ACTIVITY_PAGE_SIZE), page: current, hasMore: rows.length > ACTIVITY_PAGE_SIZE }
}
