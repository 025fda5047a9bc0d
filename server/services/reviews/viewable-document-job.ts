import { getAppContext } from '../../context/app-context'
import { AppError } from '../../errors/app-error'
import { explainMissingJob } from '../jobs/explain-missing-job'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { loadDocumentJob } from '../jobs/load-transmittal'

/**
 * The job a review document is asked for, for the members of its company (every role) and the
 * consultancy; anyone else is refused, and a deleted job says what happened to those who could see it.
 */
export async function viewableDocumentJob(actor: MaybeActor, jobId: string) {
  const a = requireSignedIn(actor)
  if (!isUuid(jobId)) throw new AppError('NOT_FOUND', 'Job request not found')
  const { db } = getAppContext()
  const job = await loadDocumentJob(db, jobId)
  if (!job) throw await explainMissingJob(db, a, jobId)
  requireJobViewer(a, job)
  return { db, job }
}
