import { and, desc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { jobRequests } from '../../db/schema'
import { requireSignedIn, resolveSubjectUserId, type MaybeActor } from '../shared/authorize'
import { toJobRequest, type JobRequest } from './job-request-types'

export interface ListJobRequestsByMembershipOptions {
  actor: MaybeActor
  membership: string
  /** The actor's own by default; any client for an admin (omitted by an admin: every client). */
  user?: string | null
}

/** The job requests' secondary index: by membership, then user. */
export async function listJobRequestsByMembership({ actor, membership, user }: ListJobRequestsByMembershipOptions): Promise<JobRequest[]> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  const where =
    a.isAdmin && !user
      ? eq(jobRequests.membership, membership)
      : and(eq(jobRequests.membership, membership), eq(jobRequests.user, resolveSubjectUserId(a, user)))
  const rows = await db.select().from(jobRequests).where(where).orderBy(desc(jobRequests.createdAt)).limit(1000)
  return rows.map(toJobRequest)
}
