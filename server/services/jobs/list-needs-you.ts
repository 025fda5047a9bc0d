import { companyRoleAbilities } from '../../../lib/company-roles'
import type { NeedsYouItem } from '../../../lib/needs-you'
import { today } from '../../../lib/quote-schema'
import { getAppContext } from '../../context/app-context'
import { companyOfSubject } from '../companies/company-of-subject'
import type { MaybeActor } from '../shared/authorize'

export interface ListNeedsYouOptions {
  actor: MaybeActor
  /** The client whose portal it is: the actor by default; any client for an admin. */
  user?: string | null
}

interface Row {
  id: string
  title: string
  status: string
  total_pence: string | null
  valid_until: string | null
  unread: string
  released_at: Date | null
  last_release_at: Date | null
}

/**
 * What waits for a client, among their company's jobs, newest first: a quote still valid to accept or decline, messages from
 * the consultancy the client has not read; for an approver or owner a released job, whose release is
 * theirs to sign off until they decided on it; for the others (and for everyone once the job is
 * completed) results released since the client last opened the job.
 * Reads, unread counts and the role are the client's own, also when an admin looks at them.
 */
export async function listNeedsYou({ actor, user }: ListNeedsYouOptions): Promise<NeedsYouItem[]> {
  const { subject: clientId, companyId, companyRole } = await companyOfSubject(actor, user)
  if (!companyId) return []
  const { rows } = await getAppContext().database.pool.query<Row>(
    `SELECT j.id, coalesce(nullif(j.job, ''), nullif(j.reference, ''), 'Job request') AS title, coalesce(j.status, 'pending') AS status,
            q.total_pence, q.valid_until::text AS valid_until,
            (SELECT count(*) FROM job_message m
               LEFT JOIN job_read r ON r.job_id = m.job_id AND r.user_id = $1
              WHERE m.job_id = j.id AND m.author_side = 'consultancy' AND (r.read_at IS NULL OR m.created_at > r.read_at)) AS unread,
            (SELECT max(e.created_at) FROM job_event e WHERE e.job_id = j.id AND e.to_stage = 'released'
                AND NOT EXISTS (SELECT 1 FROM job_read r WHERE r.job_id = j.id AND r.user_id = $1 AND r.read_at >= e.created_at)) AS released_at,
            (SELECT max(e.created_at) FROM job_event e WHERE e.job_id = j.id AND e.to_stage = 'released') AS last_release_at
       FROM job_request j
       LEFT JOIN LATERAL (SELECT total_pence, valid_until FROM job_quote WHERE job_id = j.id AND status = 'sent' ORDER BY created_at DESC LIMIT 1) q ON j.status = 'quoted'
      WHERE j.company_id = $2 AND j.archived_at IS NULL
      ORDER BY j.created_at DESC
      LIMIT 200`,
    [clientId, companyId],
  )
  const day = today()
  const signsOff = companyRoleAbilities(companyRole).decide
  const items: NeedsYouItem[] = []
  for (const row of rows) {
    if (row.status === 'quoted' && row.total_pence !== null && row.valid_until !== null && row.valid_until >= day) {
      items.push({ kind: 'quote', jobId: row.id, title: row.title, totalPence: Number(row.total_pence), validUntil: row.valid_until })
    }
    if (Number(row.unread) > 0) items.push({ kind: 'messages', jobId: row.id, title: row.title, count: Number(row.unread) })
    if (row.status === 'released' && signsOff && row.last_release_at) {
      items.push({ kind: 'release', jobId: row.id, title: row.title, releasedAt: row.last_release_at.toISOString() })
    } else if ((row.status === 'released' || row.status === 'completed') && row.released_at) {
      items.push({ kind: 'results', jobId: row.id, title: row.title, releasedAt: row.released_at.toISOString() })
    }
  }
  return items
}
