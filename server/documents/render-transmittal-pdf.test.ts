import { describe, expect, it } from 'vitest'
import { site } from '../../lib/site'
import { pdfText } from '../../tests/integration/portal/support/pdf-text'
import { renderTransmittalPdf, type TransmittalDocument } from './render-transmittal-pdf'

const sha = (c: string) => c.repeat(64)

const transmittal: TransmittalDocument = {
  number: 'T-7F1C2A4E-02',
  job: { id: '7f1c2a4e-0000-4000-8000-000000000002', name: 'Bracket FEA', reference: 'PO-7', company: 'Analytical Ltd' },
  release: { number: 2, at: '2026-11-26T14:05:00.000Z', issuedBy: 'Meshwork Engineering', recipients: ['ada@example.test', 'charles@example.test'] },
  revisions: [
    { document: 'Stress report', code: 'P02', status: 'Issued for review', fileName: 'stress-report-v2.pdf', size: 1_234_567, sha256: sha('a') },
    { document: 'Mesh study', code: 'P01', status: 'Issued for review', fileName: 'mesh.step', size: 812, sha256: `${'0123456789abcdef'.repeat(4)}` },
  ],
}

describe('the transmittal PDF', () => {
  it('names the transmittal, the job, its client, the release, who issued it and to whom', async () => {
    const text = pdfText(await renderTransmittalPdf(transmittal))
    for (const words of ['TRANSMITTAL', 'T-7F1C2A4E-02', 'Release 2', 'Date: 26 Nov 2026', 'Bracket FEA', 'Client reference: PO-7', 'Job reference: 7F1C2A4E', 'Analytical Ltd', 'Issued by Meshwork Engineering', 'ada@example.test', 'charles@example.test']) {
      expect(text).toContain(words)
    }
    expect(text).toContain(site.legalName)
  })

  it("lists each document's revision with its code, status, file name, size and full SHA-256", async () => {
    const lines = pdfText(await renderTransmittalPdf(transmittal)).split('\n')
    for (const words of ['Stress report', 'P02', 'Issued for review', 'stress-report-v2.pdf', '1.23 MB', '1,234,567 bytes', `SHA-256 ${sha('a')}`, 'Mesh study', 'P01', 'mesh.step', '812 bytes', `SHA-256 ${'0123456789abcdef'.repeat(4)}`]) {
      expect(lines).toContain(words)
    }
  })

  it('gives the same bytes for the same release, dated by it', async () => {
    const first = await renderTransmittalPdf(transmittal)
    await new Promise((r) => setTimeout(r, 1100))
    expect((await renderTransmittalPdf(transmittal)).equals(first)).toBe(true)
    expect(first.toString('latin1')).toContain('(D:20261126140500Z)')
    const later = await renderTransmittalPdf({ ...transmittal, release: { ...transmittal.release, at: '2026-11-27T09:00:00.000Z' } })
    expect(later.equals(first)).toBe(false)
  })
})
