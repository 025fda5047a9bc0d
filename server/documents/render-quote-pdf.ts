import PDFDocument from 'pdfkit'
import { formatDate } from '../../lib/format'
import { formatPence } from '../../lib/quote-schema'
import { formatAddress, registrationLines, site, type Site } from '../../lib/site'
import type { QuoteDocument } from '../services/jobs/get-quote'
import { drawRule, ink, muted } from './letterhead'
import { pdfTable } from './pdf-table'

function quantityText(quantity: number, unit: 'hour' | 'day' | null): string {
  if (!unit) return '1'
  return `${quantity} ${unit}${quantity === 1 ? '' : 's'}`
}

/**
 * A quote as an A4 PDF a client can file and sign: the company's letterhead (name, address,
 * contact, and its company and VAT registration numbers: each only when the site's facts set it), the client, the job, a table of lines, subtotal, VAT and total, the validity date, the
 * terms and a place to sign. Made with PDFKit and its built-in Helvetica, so nothing is fetched.
 */
export function renderQuotePdf({ quote, job, client }: QuoteDocument, facts: Site = site): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Quote ${quote.number}`, Author: facts.legalName, Subject: job.job ?? 'Job request' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  // Letterhead
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(20).text(facts.legalName, left, 50)
  doc.font('Helvetica').fontSize(9).fillColor(muted)
  for (const line of [`${formatAddress(facts.address)}, ${facts.address.country}`, [facts.email, facts.phone].filter(Boolean).join(' · '), ...registrationLines(facts)]) {
    doc.text(line, { width: width * 0.6 })
  }
  doc.font('Helvetica-Bold').fontSize(16).fillColor(ink).text('QUOTATION', left, 50, { width, align: 'right' })
  doc.font('Helvetica').fontSize(10).text(quote.number, { width, align: 'right' }).text(`Date: ${formatDate(quote.createdAt)}`, { width, align: 'right' }).text(`Valid until: ${formatDate(quote.validUntil)}`, { width, align: 'right' })
  const headEnd = Math.max(doc.y, 112) + 8
  drawRule(doc, headEnd)

  // Client and job
  const partiesTop = headEnd + 15
  doc.font('Helvetica-Bold').fontSize(10).fillColor(muted).text('Prepared for', left, partiesTop)
  doc.font('Helvetica').fillColor(ink)
  for (const line of [client.name, client.company, ...client.address, client.email].filter(Boolean)) doc.text(line)
  const afterClient = doc.y
  doc.font('Helvetica-Bold').fillColor(muted).text('Job', left + width / 2, partiesTop)
  doc.font('Helvetica').fillColor(ink).text(job.job || 'Job request', { width: width / 2 })
  if (job.reference) doc.text(`Your reference: ${job.reference}`, { width: width / 2 })
  doc.y = Math.max(afterClient, doc.y) + 20

  // Lines
  const table = pdfTable(doc, [{ label: 'Description', share: 0.5 }, { label: 'Quantity', share: 0.15, align: 'right' }, { label: 'Unit price', share: 0.17, align: 'right' }, { label: 'Amount', share: 0.18, align: 'right' }], { fontSize: 10, rowGap: 4 })
  table.header()
  for (const line of quote.lines) {
    if (doc.y > doc.page.height - 200) doc.addPage()
    table.row([line.description, quantityText(line.quantity, line.unit), line.unit ? `${formatPence(line.unitPricePence)}/${line.unit}` : formatPence(line.unitPricePence), formatPence(line.amountPence)])
  }
  drawRule(doc)
  doc.y += 6
  const total = (label: string, value: string, bold = false) => {
    const top = doc.y
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10)
    doc.text(label, table.columns[2]!.x - 60, top, { width: table.columns[2]!.w + 54, align: 'right' })
    doc.text(value, table.columns[3]!.x, top, { width: table.columns[3]!.w - 6, align: 'right' })
    doc.y = Math.max(doc.y, top + 14) + 2
  }
  total('Subtotal', formatPence(quote.subtotalPence))
  total(`VAT at ${quote.vatPercent}%`, formatPence(quote.vatPence))
  total('Total', formatPence(quote.totalPence), true)

  // Note and terms
  doc.x = left
  doc.moveDown(1.5)
  if (quote.note) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink).text('Notes', left)
    doc.font('Helvetica').text(quote.note, { width })
    doc.moveDown()
  }
  doc.font('Helvetica-Bold').fontSize(10).text('Terms', left)
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text(
      `Prices are in pounds sterling. Hourly and daily work is charged at the rates shown for the time quoted; work beyond it is agreed in writing first. This quotation is valid until ${formatDate(quote.validUntil)} and can be accepted on the job's page in the client portal or by signing below.`,
      { width },
    )

  // Signature
  doc.moveDown(3)
  const signTop = doc.y
  doc.strokeColor(ink).moveTo(left, signTop).lineTo(left + width * 0.42, signTop).stroke()
  doc.moveTo(left + width * 0.58, signTop).lineTo(left + width, signTop).stroke()
  doc.font('Helvetica').fontSize(9).fillColor(muted)
  doc.text(`Accepted for ${client.company || client.name || 'the client'}: signature and date`, left, signTop + 4, { width: width * 0.42 })
  doc.text(`For ${facts.legalName}`, left + width * 0.58, signTop + 4, { width: width * 0.42 })

  doc.end()
  return done
}
