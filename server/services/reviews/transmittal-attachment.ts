import { transmittalFileName } from '../../../lib/review-documents'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { renderTransmittalPdf } from '../../documents/render-transmittal-pdf'
import type { MailAttachment, MailFile } from '../../mail/mail-message-schema'
import { loadDocumentJob, loadTransmittal } from './load-review-documents'

/**
 * The attachment entry of a release's mail: its transmittal. Give it to enqueueJobMail's
 * `attachments`; the PDF is rendered when the mail is sent, so the outbox row stays small:
 *   await enqueueJobMail(tx, { ...mail, attachments: [transmittalAttachment(job.id, release.number)] })
 */
export function transmittalAttachment(jobId: string, release: number): MailAttachment {
  return { kind: 'transmittal', jobId, release }
}

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
