import { getAppContext } from '../../context/app-context'
import { jobFollows } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { getJobRequest } from './get-job-request'

/**
 * A member of the job's company follows it (mail about it comes to them) or stops following it. Any
 * member may, whatever their role: it is their own mail. The consultancy's mail goes by its own setting.
 */
export async function setJobFollowing({ actor: maybeActor, jobId, following }: { actor: MaybeActor; jobId: string; following: boolean }): Promise<{ following: boolean }> {
  const actor = requireSignedIn(maybeActor)
  // The consultancy's mail about jobs goes to its own address (JOB_NOTIFY_EMAIL), not by following.
  if (actor.isAdmin) throw new AppError('UNAUTHORIZED')
  const job = await getJobRequest({ actor, id: jobId })
  const { db } = getAppContext()
  await db
    .insert(jobFollows)
    .values({ jobId: job.id, userId: actor.userId, following })
    .onConflictDoUpdate({ target: [jobFollows.jobId, jobFollows.userId], set: { following } })
  return { following }
}
