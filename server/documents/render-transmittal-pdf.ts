import { formatDate, formatDateTime, formatSize } from '../../lib/format'
import { jobShortRef } from '../../lib/review-documents'
import { site, type Site } from '../../lib/site'
import { drawLabel, drawLetterhead, drawRule, muted, startDocument } from './letterhead'
import { pdfTable } from './pdf-table'

/** The job a review document is about, as its documents name it. */
export interface ReviewDocumentJob {
  id: string
  /** The job's name ("Bracket FEA"); "Job request" when it has none. */
  name: string
  /** The client's reference (their order number), when given. */
  reference: string | null
  /** The client company. */
  company: string
}

/** What a release's transmittal prints. */
export interface TransmittalDocument {
  /** "T-7F1C2A4E-01" (lib/review-documents.ts transmittalNumber). */
  number: string
  job: ReviewDocumentJob
  release: {
    number: number
    /** When the release was made (ISO): the transmittal's date, and its PDF's creation date. */
    at: string
    /** Who issued it: the consultancy. */
    issuedBy: string
    /** The addresses the release was mailed to. */
    recipients: string[]
  }
  /** Each document's revision the release issued, by document name. */
  revisions: TransmittalRevision[]
}

export interface TransmittalRevision {
  document: string
  /** P01, P02… */
  code: string
  /** As issued: "Issued for review". */
  status: string
  /** The file's name as shown and downloaded. */
  fileName: string
  /** In bytes. */
  size: number
  /** The file's SHA-256, in hex. */
  sha256: string
}

/** "1.23 MB" and, under it, "1,234,567 bytes"; a size under a kilobyte once, in bytes. */
function sizeText(bytes: number): string {
  return bytes < 1000 ? formatSize(bytes) : `${formatSize(bytes)}\n${bytes.toLocaleString('en-GB')} bytes`
}

/**
 * A release's transmittal as an A4 PDF: the letterhead, the transmittal's number and date, the job and
 * its client, who issued it and to whom, and a table of each document's revision (code, status, file
 * name, size in words and in bytes) with the file's full SHA-256 under it in a monospace font, so
 * anyone can check the file they hold is the one issued. Dated by the release: the same release
 * gives the same bytes.
 */
export function renderTransmittalPdf(transmittal: TransmittalDocument, facts: Site = site): Promise<Buffer> {
  const { job, release } = transmittal
  const at = new Date(release.at)
  const { doc, done } = startDocument({ title: `Transmittal ${transmittal.number}`, subject: job.name, createdAt: at }, facts)
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  drawLetterhead(doc, facts, 'TRANSMITTAL', [transmittal.number, `Release ${release.number}`, `Date: ${formatDate(at)}`])

  // Job, client and release
  const top = doc.y
  drawLabel(doc, 'Job', left, top)
  doc.fontSize(10).text(job.name, { width: width / 2 - 10 })
  if (job.reference) doc.text(`Client reference: ${job.reference}`, { width: width / 2 - 10 })
  doc.text(`Job reference: ${jobShortRef(job.id)}`, { width: width / 2 - 10 })
  doc.moveDown(0.5)
  drawLabel(doc, 'Client', left)
  doc.fontSize(10).text(job.company, { width: width / 2 - 10 })
  const afterJob = doc.y
  const right = left + width / 2
  drawLabel(doc, 'Release', right, top)
  doc.fontSize(10).text(`Release ${release.number}, ${formatDateTime(at, { utc: true })}`, right, doc.y, { width: width / 2 })
  doc.text(`Issued by ${release.issuedBy}`, { width: width / 2 })
  doc.moveDown(0.5)
  drawLabel(doc, 'Sent to', right, doc.y, width / 2)
  doc.fontSize(10)
  for (const to of release.recipients.length ? release.recipients : ['No one (no address on file)']) doc.text(to, right, doc.y, { width: width / 2 })
  doc.x = left
  doc.y = Math.max(afterJob, doc.y) + 20

  // Revisions
  const table = pdfTable(doc, [{ label: 'Document', share: 0.28 }, { label: 'Revision', share: 0.1 }, { label: 'Status', share: 0.17 }, { label: 'File', share: 0.27 }, { label: 'Size', share: 0.18, align: 'right' }], { fontSize: 9, rowGap: 2 })
  table.header()
  for (const revision of transmittal.revisions) {
    if (doc.y > doc.page.height - 120) {
      doc.addPage()
      table.header()
    }
    table.row([revision.document, revision.code, revision.status, revision.fileName, sizeText(revision.size)])
    doc.font('Courier').fontSize(7.5).fillColor(muted).text(`SHA-256 ${revision.sha256}`, left, doc.y, { width })
    doc.y += 4
    drawRule(doc)
    doc.y += 4
  }
  if (transmittal.revisions.length === 0) doc.font('Helvetica').fontSize(9).fillColor(muted).text('This release issued no revision.', left, doc.y, { width })

  // Note
  doc.x = left
  doc.moveDown(1.5)
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(muted)
    .text(
      `Each file is identified by its SHA-256: a copy whose SHA-256 differs from the one printed here is not the revision issued. The revisions are issued for the client's review on the job's page in the client portal, where each is accepted, accepted with comments or returned with comments.`,
      left,
      doc.y,
      { width },
    )

  doc.end()
  return done
}
