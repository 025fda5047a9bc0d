import type { TransmittalDocument } from '../../documents/render-transmittal-pdf'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { loadTransmittal } from './load-review-documents'
import { viewableDocumentJob } from './viewable-document-job'

/**
 * The transmittal of one release of a job, for the members of the job's company (every role) and the
 * consultancy; anyone else is refused. A release issues revisions to the client, so what it lists is
 * the client's to see. Not found: no such job, or no release of that number.
 */
export async function getTransmittal({ actor, jobId, release }: { actor: MaybeActor; jobId: string; release: number }): Promise<TransmittalDocument> {
  const { db, job } = await viewableDocumentJob(actor, jobId)
  const transmittal = Number.isSafeInteger(release) && release > 0 ? await loadTransmittal(db, job, release) : undefined
  if (!transmittal) throw new AppError('NOT_FOUND', 'Transmittal not found')
  return transmittal
}
