import { describe, expect, it } from 'vitest'
import { site } from '../../lib/site'
import { pdfText } from '../../tests/integration/portal/support/pdf-text'
import { renderCertificatePdf, type CertificateDocument } from './render-certificate-pdf'

const certificate: CertificateDocument = {
  job: { id: '7f1c2a4e-0000-4000-8000-000000000002', name: 'Bracket FEA', reference: 'PO-7', company: 'Analytical Ltd' },
  decisions: [
    {
      document: 'Stress report',
      revisionCode: 'P01',
      release: 1,
      decision: 'returned',
      acceptedCode: null,
      comment: 'Load case 3 is missing',
      by: 'Ada Lovelace',
      byEmail: 'ada@example.test',
      at: '2026-11-20T09:30:00.000Z',
      sha256: 'b'.repeat(64),
      ip: '203.0.113.7',
    },
    {
      document: 'Stress report',
      revisionCode: 'P02',
      release: 2,
      decision: 'accepted',
      acceptedCode: 'C01',
      comment: null,
      by: 'Charles Babbage',
      byEmail: 'charles@example.test',
      at: '2026-11-26T16:45:00.000Z',
      sha256: 'c'.repeat(64),
      ip: null,
    },
  ],
}

describe('the certificate PDF', () => {
  it('prints every decision in order: document, codes, label, comment, who, when, from where and the SHA-256', async () => {
    const text = pdfText(await renderCertificatePdf(certificate))
    const order = [
      'CERTIFICATE OF REVIEW',
      'Bracket FEA',
      'Analytical Ltd',
      '1. Stress report',
      'Revision P01 (release 1)',
      'Returned with comments',
      'Load case 3 is missing',
      'Ada Lovelace <ada@example.test>',
      '20 Nov 2026, 09:30 UTC',
      '203.0.113.7',
      'b'.repeat(64),
      '2. Stress report',
      'Revision P02, accepted as C01 (release 2)',
      'Accepted',
      'Charles Babbage <charles@example.test>',
      '26 Nov 2026, 16:45 UTC',
      'Not recorded',
      'c'.repeat(64),
    ]
    let at = -1
    for (const words of order) {
      const found = text.indexOf(words, at + 1)
      expect(found, words).toBeGreaterThan(at)
      at = found
    }
    expect(text).toContain(site.legalName)
    expect(text).toContain('Date: 26 Nov 2026')
  })

  it('gives the same bytes for the same decisions, dated by the last', async () => {
    const first = await renderCertificatePdf(certificate)
    await new Promise((r) => setTimeout(r, 1100))
    expect((await renderCertificatePdf(certificate)).equals(first)).toBe(true)
    expect(first.toString('latin1')).toContain('(D:20261126164500Z)')
  })
})
