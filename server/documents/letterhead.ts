import PDFDocument from 'pdfkit'
import { formatAddress, registrationLines, type Site } from '../../lib/site'

export const ink = '#1a1a1a'
export const muted = '#5c5c5c'
export const rule = '#c8c8c8'

/**
 * An A4 document with the consultancy as its author, dated `createdAt`: PDFKit derives the file's id
 * from its info, so the same content and date give the same bytes. Its bytes arrive once it ends.
 */
export function startDocument(info: { title: string; subject: string; createdAt: Date }, facts: Site): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: info.title, Author: facts.legalName, Subject: info.subject, CreationDate: info.createdAt, ModDate: info.createdAt },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, done }
}

/**
 * The letterhead, as on the quote: the company's legal name, address, contact and registration lines
 * on the left (each only when set), the document's title and its lines on the right, and a rule
 * under both. Leaves the cursor below the rule, at the left margin.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, facts: Site, title: string, lines: string[]): void {
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(20).text(facts.legalName, left, 50, { width: width * 0.55 - 10 })
  doc.font('Helvetica').fontSize(9).fillColor(muted)
  for (const line of [`${formatAddress(facts.address)}, ${facts.address.country}`, [facts.email, facts.phone].filter(Boolean).join(' · '), ...registrationLines(facts)]) {
    doc.text(line, { width: width * 0.55 - 10 })
  }
  const leftEnd = doc.y
  doc.font('Helvetica-Bold').fontSize(16).fillColor(ink).text(title, left + width * 0.55, 50, { width: width * 0.45, align: 'right' })
  doc.font('Helvetica').fontSize(10)
  for (const line of lines) doc.text(line, { width: width * 0.45, align: 'right' })
  const headEnd = Math.max(doc.y, leftEnd, 112) + 8
  drawRule(doc, headEnd)
  doc.x = left
  doc.y = headEnd + 15
}

/** A small heading in the muted colour, then the cursor under it. */
export function drawLabel(doc: PDFKit.PDFDocument, label: string, x: number, y?: number, width?: number): void {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(muted).text(label, x, y, { width })
  doc.font('Helvetica').fillColor(ink)
}

/** A thin rule across the text width at `y` (the cursor's line unless given). */
export function drawRule(doc: PDFKit.PDFDocument, y = doc.y): void {
  const left = doc.page.margins.left
  doc.moveTo(left, y).lineTo(doc.page.width - doc.page.margins.right, y).strokeColor(rule).stroke()
}
