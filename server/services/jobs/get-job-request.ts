import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { jobRequests } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { explainMissingJob } from './explain-missing-job'
import { toJobRequest, type JobRequest } from './job-request-types'

export interface GetJobRequestOptions {
  actor: MaybeActor
  id: string
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * One job request, for a member of its company or an admin; someone else's is refused as forbidden, an unknown id is
 * not found, and a deleted one says so to those who could see it (explainMissingJob).
 */
export async function getJobRequest({ actor, id }: GetJobRequestOptions): Promise<JobRequest> {
  const a = requireSignedIn(actor)
  if (!uuid.test(id)) throw new AppError('NOT_FOUND', 'Job request not found')
  const { db } = getAppContext()
  const [row] = await db.select().from(jobRequests).where(eq(jobRequests.id, id)).limit(1)
  if (!row) throw await explainMissingJob(db, a, id)
  requireJobViewer(a, row)
  return toJobRequest(row)
}
