import type { RevisionCommentView } from '../../../lib/review-comments'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { getJob } from '../jobs/get-job'

/**
 * A revision's comments, oldest first, each with its replies: exactly what the job's page shows of
 * them, read through the job page's own service, so whoever may read the job's deliverables reads them
 * (every member of the job's company, whatever their role, and the consultancy), and the client only
 * those of revisions issued to it. Not found: no such revision on the job, or one the viewer may not see.
 */
export async function getRevisionComments({ actor, jobId, revisionId }: { actor: MaybeActor; jobId: string; revisionId: string }): Promise<RevisionCommentView[]> {
  const job = await getJob({ actor, id: jobId })
  const revision = job.review.documents.flatMap((d) => d.revisions).find((r) => r.id === revisionId)
  if (!revision) throw new AppError('NOT_FOUND', 'Revision not found')
  return revision.comments
}
