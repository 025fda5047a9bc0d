import { transmittalFileName } from '../../../lib/review-documents'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import type { MailAttachment, MailFile } from '../../mail/mail-message-schema'
import { loadDocumentJob } from '../jobs/load-transmittal'
import { readTransmittalPdf } from './read-transmittal-pdf'

/** Thrown when an attachment names what is not there (no such job or release): sending again cannot help. */
export class MissingAttachmentError extends Error {
  readonly retryable = false
  constructor(message: string) {
    super(message)
    this.name = 'MissingAttachmentError'
  }
}

/**
 * The file an attachment entry describes: the release's transmittal as kept when it was issued (the
 * bytes the download gives), or rendered now for a release made before transmittals were kept. No
 * viewer check: the entry was queued with the mail by the service that chose its recipients (the
 * release, to the job's company).
 */
export async function renderMailAttachment(attachment: MailAttachment, db: Pick<Database, 'select'> = getAppContext().db): Promise<MailFile> {
  const job = await loadDocumentJob(db, attachment.jobId)
  const pdf = job ? await readTransmittalPdf(db, job, attachment.release) : undefined
  if (!pdf) throw new MissingAttachmentError(`no release ${attachment.release} of job ${attachment.jobId} to attach its transmittal`)
  return { filename: transmittalFileName(attachment.jobId, attachment.release), content: pdf, contentType: 'application/pdf' }
}
