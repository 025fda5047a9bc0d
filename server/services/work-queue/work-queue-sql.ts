import { needsUsReasons, type NeedsUsReason, type WorkQueueFilter, type WorkQueueRow } from '../../../lib/work-queue'
import { getAppContext } from '../../context/app-context'

/**
 * The work queue's SQL, shared by its list and its count: every active job with its client, its
 * unread client messages (for the viewer, $1) and its last activity; and what "needs us" means.
 */
export interface QueueRow {
  id: string
  job: string | null
  reference: string | null
  stage: string
  client_id: string
  email: string
  given_name: string | null
  family_name: string | null
  nickname: string | null
  company_name: string | null
  unread: string
  /** The client returned the job's latest release: it is back in progress, for new revisions. */
  returned: boolean
  last_activity_at: Date
  created_at: Date
  total: string
}

/**
 * Every active job with its client, its unread client messages (for the viewer, $1), its last activity
 * and whether it is back in progress because the client returned its release (its latest move).
 */
export const ACTIVE_JOBS = `
  WITH queue AS (
    SELECT j.id, j.job, j.reference, coalesce(j.status, 'pending') AS stage, j."user" AS client_id, j.created_at,
           u.email, p.given_name, p.family_name, p.nickname, c.name AS company_name,
           greatest(j.updated_at,
                    coalesce((SELECT max(m.created_at) FROM job_message m WHERE m.job_id = j.id), j.created_at),
                    coalesce((SELECT max(e.created_at) FROM job_event e WHERE e.job_id = j.id), j.created_at)) AS last_activity_at,
           (SELECT count(*) FROM job_message m
              LEFT JOIN job_read r ON r.job_id = m.job_id AND r.user_id = $1
             WHERE m.job_id = j.id AND m.author_side = 'client' AND (r.read_at IS NULL OR m.created_at > r.read_at)) AS unread,
           (j.status = 'in_progress' AND coalesce((SELECT e.from_stage = 'released' FROM job_event e WHERE e.job_id = j.id ORDER BY e.created_at DESC, e.id DESC LIMIT 1), false)) AS returned
      FROM job_request j
      JOIN "user" u ON u.id = j."user"
      LEFT JOIN profile p ON p.user_id = j."user"
      JOIN company c ON c.id = j.company_id
     WHERE j.archived_at IS NULL
  )`

/** A new request, an accepted quote, unread client messages or a returned release; never a release waiting for the client. */
export const NEEDS_US = `(q.stage IN ('pending', 'accepted') OR q.unread > 0 OR q.returned)`

export async function countNeedsUs(viewerId: string): Promise<number> {
  const { rows } = await getAppContext().database.pool.query<{ n: string }>(`${ACTIVE_JOBS} SELECT count(*) AS n FROM queue q WHERE ${NEEDS_US}`, [viewerId])
  return Number(rows[0]?.n ?? 0)
}

/** The total when the page asked for is past the last one (so no row carried it). */
export async function countMatching(viewerId: string, filter: WorkQueueFilter, words: string | null): Promise<number> {
  const { rows } = await getAppContext().database.pool.query<{ n: string }>(
    `${ACTIVE_JOBS}
     SELECT count(*) AS n FROM queue q
      WHERE ($2::text IS NULL OR q.stage = $2) AND ($3::text IS NULL OR q.client_id = $3)
        AND (NOT $4::boolean OR ${NEEDS_US}) AND ($5::text IS NULL OR q.job ILIKE $5 OR q.reference ILIKE $5)`,
    [viewerId, filter.stage ?? null, filter.owner ?? null, filter.needs, words],
  )
  return Number(rows[0]?.n ?? 0)
}

function reasonsOf(row: QueueRow): NeedsUsReason[] {
  const found: Record<NeedsUsReason, boolean> = {
    'new-request': row.stage === 'pending',
    'quote-accepted': row.stage === 'accepted',
    'client-messages': Number(row.unread) > 0,
    'release-returned': row.returned,
  }
  return needsUsReasons.filter((reason) => found[reason])
}

export function toWorkQueueRow(row: QueueRow): WorkQueueRow {
  return {
    id: row.id,
    title: row.job || row.reference || 'Job request',
    reference: row.reference,
    stage: row.stage,
    client: {
      id: row.client_id,
      email: row.email,
      name: [row.given_name, row.family_name].map((part) => part?.trim()).filter(Boolean).join(' ') || row.nickname?.trim() || '',
      companyName: row.company_name ?? '',
    },
    needs: reasonsOf(row),
    unread: Number(row.unread),
    lastActivityAt: row.last_activity_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  }
}
