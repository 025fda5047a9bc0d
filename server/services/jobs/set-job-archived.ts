import { eq } from 'drizzle-orm'
import { jobRecordAbilities, stageLabel } from '../../../lib/job-stages'
import { getAppContext } from '../../context/app-context'
import { jobRequests } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { toJobRequest, type JobRequest } from './job-request-types'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { lockJob } from './lock-job'

export interface SetJobArchivedOptions {
  actor: MaybeActor
  jobId: string
  /** true: into the archive; false: back among the active jobs. */
  archived: boolean
}

/**
 * The consultancy files a job away, or brings it back. Archiving hides the job from the active job
 * lists of both sides and keeps everything (quotes, timeline, thread, files; the page still opens);
 * it is allowed only where the job stage table says nothing is left to do (completed, cancelled,
 * declined). It is not a stage and not on the timeline; the audit log keeps who did it.
 */
export async function setJobArchived({ actor, jobId, archived }: SetJobArchivedOptions): Promise<JobRequest> {
  requireAdmin(actor)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    const can = jobRecordAbilities(job, 'consultancy')
    if (archived && !can.archive) {
      throw new AppError('CONFLICT', job.archivedAt !== null ? 'This job is archived already' : `A job that is ${stageLabel(job.status)} cannot be archived: it is not finished`)
    }
    if (!archived && !can.unarchive) throw new AppError('CONFLICT', 'This job is not archived')
    const [row] = await tx
      .update(jobRequests)
      .set({ archivedAt: archived ? new Date().toISOString().slice(0, 10) : null, updatedAt: new Date() })
      .where(eq(jobRequests.id, job.id))
      .returning()
    await recordAudit(tx, { actor: a, subjectUserId: job.user, action: archived ? 'archive-job' : 'unarchive-job', details: { id: job.id } })
    return toJobRequest(row!)
  })
}
