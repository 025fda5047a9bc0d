import { getAppContext } from '../../context/app-context'
import type { TransmittalDocument } from '../../documents/render-transmittal-pdf'
import { AppError } from '../../errors/app-error'
import { explainMissingJob } from '../jobs/explain-missing-job'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { loadDocumentJob, loadTransmittal } from './load-review-documents'

/**
 * The transmittal of one release of a job, for the members of the job's company (every role) and the
 * consultancy; anyone else is refused. A release issues revisions to the client, so what it lists is
 * the client's to see. Not found: no such job, or no release of that number.
 */
export async function getTransmittal({ actor, jobId, release }: { actor: MaybeActor; jobId: string; release: number }): Promise<TransmittalDocument> {
  const a = requireSignedIn(actor)
  if (!isUuid(jobId)) throw new AppError('NOT_FOUND', 'Job request not found')
  const { db } = getAppContext()
  const job = await loadDocumentJob(db, jobId)
  if (!job) throw await explainMissingJob(db, a, jobId)
  requireJobViewer(a, job)
  const transmittal = Number.isSafeInteger(release) && release > 0 ? await loadTransmittal(db, job, release) : undefined
  if (!transmittal) throw new AppError('NOT_FOUND', 'Transmittal not found')
  return transmittal
}
