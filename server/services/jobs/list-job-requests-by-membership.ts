import { and, desc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { jobRequests } from '../../db/schema'
import { requireSignedIn, resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { archivedFilter, toJobRequest, type ArchivedJobs, type JobRequest } from './job-request-types'

export interface ListJobRequestsByMembershipOptions {
  actor: MaybeActor
  membership: string
  /** The actor's own by default; any client for an admin (omitted by an admin: every client). */
  user?: string | null
  /** The active jobs (by default), the archived ones, or both. */
  archived?: ArchivedJobs
}

/** The job requests' secondary index: by membership, then user (the archived ones only when asked). */
export async function listJobRequestsByMembership({ actor, membership, user, archived = 'exclude' }: ListJobRequestsByMembershipOptions): Promise<JobRequest[]> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  const where =
    a.isAdmin && !user
      ? and(eq(jobRequests.membership, membership), archivedFilter(archived))
      : and(eq(jobRequests.membership, membership), eq(jobRequests.user, resolveSubjectUserId(a, user)), archivedFilter(archived))
  const rows = await db.select().from(jobRequests).where(where).orderBy(desc(jobRequests.createdAt)).limit(1000)
  return rows.map(toJobRequest)
}
