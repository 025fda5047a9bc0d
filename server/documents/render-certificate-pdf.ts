import { formatDate, formatDateTime } from '../../lib/format'
import { jobShortRef } from '../../lib/review-documents'
import { revisionDecisionLabels, type RevisionDecision } from '../../lib/review-view'
import { site, type Site } from '../../lib/site'
import { drawLabel, drawLetterhead, drawRule, ink, muted, startDocument } from './letterhead'
import type { ReviewDocumentJob } from './render-transmittal-pdf'

/** What the certificate of a job's decisions prints. */
export interface CertificateDocument {
  job: ReviewDocumentJob
  /** Every decision on the job's revisions, in the order they were made (at least one). */
  decisions: CertificateDecision[]
}

export interface CertificateDecision {
  document: string
  /** The revision's code as issued (P01…). */
  revisionCode: string
  /** The number of the release that issued it. */
  release: number
  decision: RevisionDecision
  /** The code an accepted revision took (C01…); null when returned. */
  acceptedCode: string | null
  comment: string | null
  /** Who decided, as named then, and their address. */
  by: string
  byEmail: string
  /** When (ISO). */
  at: string
  /** The revision's SHA-256 as decided on. */
  sha256: string
  /** Where the decision came from; null when not known. */
  ip: string | null
}

/**
 * The certificate of review of a job as an A4 PDF: the letterhead, the job and its client, then every
 * decision in order, each with the document, its revision code and the code it took when accepted,
 * the decision, its comment, who made it (name and address), when (UTC), from which address, and the
 * SHA-256 of the file decided on. Dated by the last decision: the same decisions give the same bytes.
 */
export function renderCertificatePdf(certificate: CertificateDocument, facts: Site = site): Promise<Buffer> {
  const { job, decisions } = certificate
  const last = decisions.at(-1)
  const at = new Date(last ? last.at : 0)
  const { doc, done } = startDocument({ title: `Certificate of review ${jobShortRef(job.id)}`, subject: job.name, createdAt: at }, facts)
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  drawLetterhead(doc, facts, 'CERTIFICATE OF REVIEW', [`Job ${jobShortRef(job.id)}`, `Date: ${formatDate(at)}`])

  const top = doc.y
  drawLabel(doc, 'Job', left, top)
  doc.fontSize(10).text(job.name, { width: width / 2 - 10 })
  if (job.reference) doc.text(`Client reference: ${job.reference}`, { width: width / 2 - 10 })
  const afterJob = doc.y
  drawLabel(doc, 'Client', left + width / 2, top)
  doc.fontSize(10).text(job.company, left + width / 2, doc.y, { width: width / 2 })
  doc.x = left
  doc.y = Math.max(afterJob, doc.y) + 12
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text(`The client's decisions on the revisions issued to it, in the order they were made, as recorded by ${facts.companyName}'s client portal. A decision is final once made.`, left, doc.y, { width })
  doc.moveDown(1)

  decisions.forEach((d, i) => {
    if (doc.y > doc.page.height - 190) doc.addPage()
    drawRule(doc)
    doc.y += 6
    const codes = d.acceptedCode ? `${d.revisionCode}, accepted as ${d.acceptedCode}` : d.revisionCode
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor(ink).text(`${i + 1}. ${d.document}`, left, doc.y, { width })
    doc.font('Helvetica').fontSize(9.5).text(`Revision ${codes} (release ${d.release})`, { width })
    const field = (label: string, value: string) => {
      const y = doc.y + 2
      doc.font('Helvetica-Bold').fontSize(9).fillColor(muted).text(label, left, y, { width: 80 })
      doc.font('Helvetica').fillColor(ink).text(value, left + 80, y, { width: width - 80 })
    }
    field('Decision', revisionDecisionLabels[d.decision])
    if (d.comment) field('Comment', d.comment)
    field('By', `${d.by} <${d.byEmail}>`)
    field('When', formatDateTime(d.at, { utc: true }))
    field('IP address', d.ip ?? 'Not recorded')
    const y = doc.y + 2
    doc.font('Helvetica-Bold').fontSize(9).fillColor(muted).text('SHA-256', left, y, { width: 80 })
    doc.font('Courier').fontSize(7.5).fillColor(ink).text(d.sha256, left + 80, y + 1, { width: width - 80 })
    doc.y += 8
  })

  doc.end()
  return done
}
