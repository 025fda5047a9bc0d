import { WORK_QUEUE_PAGE_SIZE, type WorkQueue, type WorkQueueFilter } from '../../../lib/work-queue'
import { getAppContext } from '../../context/app-context'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { ACTIVE_JOBS, NEEDS_US, countMatching, countNeedsUs, toWorkQueueRow, type QueueRow } from './work-queue-sql'

export interface ListWorkQueueOptions {
  actor: MaybeActor
  filter: WorkQueueFilter
}

/**
 * Every client's active jobs (archived ones are filed away), newest activity first, paged, each with
 * why it needs the consultancy: a new request to quote, an accepted quote to start, messages from the
 * client the viewer has not read, a release the client returned (a released job waits for the client's
 * approver, not for the consultancy). Filters: a stage, a client, "needs us",
 * words of the title or reference. The consultancy's only.
 */
export async function listWorkQueue({ actor, filter }: ListWorkQueueOptions): Promise<WorkQueue> {
  const a = requireAdmin(actor)
  const { database } = getAppContext()
  const words = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const offset = (filter.page - 1) * WORK_QUEUE_PAGE_SIZE
  const { rows } = await database.pool.query<QueueRow>(
    `${ACTIVE_JOBS}
     SELECT q.*, count(*) OVER () AS total
       FROM queue q
      WHERE ($2::text IS NULL OR q.stage = $2)
        AND ($3::text IS NULL OR q.client_id = $3)
        AND (NOT $4::boolean OR ${NEEDS_US})
        AND ($5::text IS NULL OR q.job ILIKE $5 OR q.reference ILIKE $5)
      ORDER BY q.last_activity_at DESC, q.id
      LIMIT $6 OFFSET $7`,
    [a.userId, filter.stage ?? null, filter.owner ?? null, filter.needs, words, WORK_QUEUE_PAGE_SIZE, offset],
  )
  return {
    rows: rows.map(toWorkQueueRow),
    total: rows.length ? Number(rows[0]!.total) : await countMatching(a.userId, filter, words),
    page: filter.page,
    pageSize: WORK_QUEUE_PAGE_SIZE,
    needsUsCount: await countNeedsUs(a.userId),
    filter,
  }
}
