import { transmittalFileName } from '../../../lib/review-documents'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { renderTransmittalPdf } from '../../documents/render-transmittal-pdf'
import type { MailAttachment, MailFile } from '../../mail/mail-message-schema'
import { loadDocumentJob, loadTransmittal } from './load-review-documents'

/** Thrown when an attachment names what is not there (no such job or release): sending again cannot help. */
export class MissingAttachmentError extends Error {
  readonly retryable = false
  constructor(message: string) {
    super(message)
    this.name = 'MissingAttachmentError'
  }
}

/**
 * The file an attachment entry describes, rendered now. No viewer check: the entry was queued with the
 * mail by the service that chose its recipients (the release, to the job's company).
 */
export async function renderMailAttachment(attachment: MailAttachment, db: Pick<Database, 'select'> = getAppContext().db): Promise<MailFile> {
  const job = await loadDocumentJob(db, attachment.jobId)
  const transmittal = job ? await loadTransmittal(db, job, attachment.release) : undefined
  if (!transmittal) throw new MissingAttachmentError(`no release ${attachment.release} of job ${attachment.jobId} to attach its transmittal`)
  return { filename: transmittalFileName(attachment.jobId, attachment.release), content: await renderTransmittalPdf(transmittal), contentType: 'application/pdf' }
}
