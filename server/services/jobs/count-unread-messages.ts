import { getAppContext } from '../../context/app-context'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { sideOf } from '../shared/job-viewer'

/**
 * For each job, the messages the viewer has not read: those the other side wrote after the viewer
 * last read the thread. Only jobs the viewer may see count (their company's; any for an admin).
 */
export async function countUnreadMessages({ actor, jobIds }: { actor: MaybeActor; jobIds: string[] }): Promise<Map<string, number>> {
  const a = requireSignedIn(actor)
  const ids = jobIds.filter(isUuid)
  const counts = new Map<string, number>()
  if (ids.length === 0) return counts
  const { database } = getAppContext()
  const result = await database.pool.query<{ job_id: string; unread: string }>(
    `SELECT m.job_id, count(*) AS unread
       FROM job_message m
       JOIN job_request j ON j.id = m.job_id
       LEFT JOIN job_read r ON r.job_id = m.job_id AND r.user_id = $2
      WHERE m.job_id = ANY($1::uuid[]) AND m.author_side <> $3 AND ($4 OR j.company_id = $5)
        AND (r.read_at IS NULL OR m.created_at > r.read_at)
      GROUP BY m.job_id`,
    [ids, a.userId, sideOf(a), a.isAdmin, a.companyId],
  )
  for (const row of result.rows) counts.set(row.job_id, Number(row.unread))
  return counts
}
