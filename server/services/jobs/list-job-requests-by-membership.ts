import { and, desc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { jobRequests } from '../../db/schema'
import { companyOfSubject } from '../companies/company-of-subject'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { archivedFilter, toJobRequest, type ArchivedJobs, type JobRequest } from './job-request-types'

export interface ListJobRequestsByMembershipOptions {
  actor: MaybeActor
  membership: string
  /** The actor's company's by default; any client's company for an admin (omitted by an admin: every client). */
  user?: string | null
  /** The active jobs (by default), the archived ones, or both. */
  archived?: ArchivedJobs
}

/** The job requests' secondary index: by membership, then company (the archived ones only when asked). */
export async function listJobRequestsByMembership({ actor, membership, user, archived = 'exclude' }: ListJobRequestsByMembershipOptions): Promise<JobRequest[]> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  let where = and(eq(jobRequests.membership, membership), archivedFilter(archived))
  if (!(a.isAdmin && !user)) {
    const { companyId } = await companyOfSubject(a, user)
    if (!companyId) return []
    where = and(where, eq(jobRequests.companyId, companyId))
  }
  const rows = await db.select().from(jobRequests).where(where).orderBy(desc(jobRequests.createdAt)).limit(1000)
  return rows.map(toJobRequest)
}
