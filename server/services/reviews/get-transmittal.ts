import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { readTransmittalPdf } from './read-transmittal-pdf'
import { viewableDocumentJob } from './viewable-document-job'

/**
 * The transmittal of one release of a job, as the PDF kept when it was issued (the one its mail
 * carried), for the members of the job's company (every role) and the consultancy; anyone else is
 * refused. A release issues revisions to the client, so what it lists is the client's to see. Not
 * found: no such job, or no release of that number.
 */
export async function getTransmittal({ actor, jobId, release }: { actor: MaybeActor; jobId: string; release: number }): Promise<Buffer> {
  const { db, job } = await viewableDocumentJob(actor, jobId)
  const pdf = Number.isSafeInteger(release) && release > 0 ? await readTransmittalPdf(db, job, release) : undefined
  if (!pdf) throw new AppError('NOT_FOUND', 'Transmittal not found')
  return pdf
}
