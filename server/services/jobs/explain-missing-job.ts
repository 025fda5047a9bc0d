import { eq } from 'drizzle-orm'
import { formatDate } from '../../../lib/format'
import { site } from '../../../lib/site'
import type { Actor } from '../../auth/actor'
import type { Database } from '../../db/open-database'
import { jobTombstones } from '../../db/schema'
import { AppError } from '../../errors/app-error'

/**
 * The error for a job id that names no job. A job that was deleted left a tombstone (its title,
 * company, when and by which side): the company's members and the consultancy, who could see the job, are told
 * what happened (GONE: "This job was withdrawn by the client on 26 Nov 2026."); anyone else, as for
 * an id that never was a job, that it was not found.
 */
export async function explainMissingJob(db: Pick<Database, 'select'>, actor: Actor, id: string): Promise<AppError> {
  const notFound = new AppError('NOT_FOUND', 'Job request not found')
  const [tomb] = await db.select().from(jobTombstones).where(eq(jobTombstones.jobId, id)).limit(1)
  if (!tomb || !(actor.isAdmin || tomb.userId === actor.userId || (tomb.companyId !== null && tomb.companyId === actor.companyId))) return notFound
  const day = formatDate(tomb.deletedAt)
  return new AppError(
    'GONE',
    tomb.deletedBySide === 'client' ? `This job was withdrawn by the client on ${day}.` : `This job was deleted by ${site.companyName} on ${day}.`,
  )
}
