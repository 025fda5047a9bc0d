import { getAppContext } from '../../context/app-context'
import { jobReads } from '../../db/schema'
import { getJobRequest } from './get-job-request'
import { type MaybeActor, requireSignedIn } from '../shared/authorize'

/** The viewer has read the job's thread up to now (its owner or an admin; anyone else: not found). */
export async function markJobRead({ actor: maybeActor, id }: { actor: MaybeActor; id: string }): Promise<void> {
  const actor = requireSignedIn(maybeActor)
  const job = await getJobRequest({ actor, id })
  const now = new Date()
  await getAppContext()
    .db.insert(jobReads)
    .values({ jobId: job.id, userId: actor.userId, readAt: now })
    .onConflictDoUpdate({ target: [jobReads.jobId, jobReads.userId], set: { readAt: now } })
}
