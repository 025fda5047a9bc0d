import { eq } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { jobRequests } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { explainMissingJob } from './explain-missing-job'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import type { Actor } from '../../auth/actor'

export type JobRow = typeof jobRequests.$inferSelect

/**
 * A job read inside a transaction and locked until it ends, for a member of its company or an admin (anyone else
 * is told it does not exist, as for a job that does not; a deleted job says so to those who could see
 * it). Two moves of one job wait for each other, so each sees the stage the other left.
 */
export async function lockJob(tx: Pick<Database, 'select'>, actor: MaybeActor, id: string): Promise<{ actor: Actor; job: JobRow }> {
  const a = requireSignedIn(actor)
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Job request not found')
  const [job] = await tx.select().from(jobRequests).where(eq(jobRequests.id, id)).for('update').limit(1)
  if (!job) throw await explainMissingJob(tx, a, id)
  requireJobViewer(a, job)
  return { actor: a, job }
}
