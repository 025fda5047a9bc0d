import type { CertificateDocument } from '../../documents/render-certificate-pdf'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { loadCertificate } from './load-review-documents'
import { viewableDocumentJob } from './viewable-document-job'

/**
 * The certificate of a job's decisions (every decision on its revisions, in order), for the members of
 * the job's company (every role) and the consultancy; anyone else is refused. Not found until the
 * first decision is made.
 */
export async function getCertificate({ actor, jobId }: { actor: MaybeActor; jobId: string }): Promise<CertificateDocument> {
  const { db, job } = await viewableDocumentJob(actor, jobId)
  const certificate = await loadCertificate(db, job)
  if (!certificate) throw new AppError('NOT_FOUND', 'No revision has been decided on yet')
  return certificate
}
