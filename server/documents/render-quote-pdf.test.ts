import { describe, expect, it } from 'vitest'
import { site } from '../../lib/site'
import type { QuoteDocument } from '../services/jobs/get-quote'
import { pdfText } from '../../tests/integration/portal/support/pdf-text'
import { renderQuotePdf } from './render-quote-pdf'

const document: QuoteDocument = {
  quote: {
    id: '7f1c2a4e-0000-4000-8000-000000000001',
    number: 'Q-000042',
    status: 'sent',
    lines: [{ kind: 'free', description: 'Mesh study', quantity: 1, unit: null, unitPricePence: 50_000, amountPence: 50_000 }],
    vatPercent: 20,
    subtotalPence: 50_000,
    vatPence: 10_000,
    totalPence: 60_000,
    validUntil: '2026-12-24',
    expired: false,
    note: null,
    declineReason: null,
    createdAt: '2026-11-26T14:05:00.000Z',
    decidedAt: null,
    pdfUrl: '/profile/jobs/x/quotes/y',
  },
  job: {
    id: '7f1c2a4e-0000-4000-8000-000000000002',
    user: 'client-1',
    companyId: '7f1c2a4e-0000-4000-8000-000000000009',
    job: 'Bracket FEA',
    reference: 'PO-7',
    instructions: null,
    status: 'quoted',
    priority: '3',
    files: '[]',
    membership: 'true',
    completedAt: null,
    releasedAt: null,
    acceptedAt: null,
    archivedAt: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-26T14:05:00.000Z',
  },
  client: { name: 'Ada Lovelace', company: 'Analytical Ltd', email: 'ada@example.test', address: [] },
}

describe('the quote PDF', () => {
  it('prints the phone, company number and VAT number the site sets', async () => {
    const facts = { ...site, phone: '+44 1422 883 120', companyNumber: '12345678', vatNumber: 'GB 123 4567 89' }
    const text = pdfText(await renderQuotePdf(document, facts))
    expect(text).toContain(`${site.email} · +44 1422 883 120`)
    expect(text).toContain('Registered in England and Wales, no. 12345678')
    expect(text).toContain('VAT registration no. GB 123 4567 89')
  })

  it('leaves out each detail the site does not set, with no placeholder in its place', async () => {
    const facts = { ...site, phone: undefined, companyNumber: undefined, vatNumber: 'GB 123 4567 89' }
    const text = pdfText(await renderQuotePdf(document, facts))
    expect(text).toContain('VAT registration no. GB 123 4567 89')
    expect(text).not.toMatch(/Registered in|undefined|null|000 000/i)
    expect(text.split('\n')).toContain(site.email)
  })

  it('writes its dates as the rest of the site does', async () => {
    const text = pdfText(await renderQuotePdf(document))
    expect(text).toContain('Date: 26 Nov 2026')
    expect(text).toContain('Valid until: 24 Dec 2026')
    expect(text).toContain('valid until 24 Dec 2026')
  })
})
