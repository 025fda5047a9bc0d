import { getAppContext } from '../../context/app-context'
import type { CertificateDocument } from '../../documents/render-certificate-pdf'
import { AppError } from '../../errors/app-error'
import { explainMissingJob } from '../jobs/explain-missing-job'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { loadCertificate, loadDocumentJob } from './load-review-documents'

/**
 * The certificate of a job's decisions (every decision on its revisions, in order), for the members of
 * the job's company (every role) and the consultancy; anyone else is refused. Not found until the
 * first decision is made.
 */
export async function getCertificate({ actor, jobId }: { actor: MaybeActor; jobId: string }): Promise<CertificateDocument> {
  const a = requireSignedIn(actor)
  if (!isUuid(jobId)) throw new AppError('NOT_FOUND', 'Job request not found')
  const { db } = getAppContext()
  const job = await loadDocumentJob(db, jobId)
  if (!job) throw await explainMissingJob(db, a, jobId)
  requireJobViewer(a, job)
  const certificate = await loadCertificate(db, job)
  if (!certificate) throw new AppError('NOT_FOUND', 'No revision has been decided on yet')
  return certificate
}
