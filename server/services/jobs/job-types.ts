import type { QuoteView } from '../../../lib/job-view'
import type { PricedLine } from '../../../lib/quote-schema'
import type { jobQuotes } from '../../db/schema'
import { toIso } from '../shared/authorize'

export type { JobEventView, JobFileView, JobMessageView, JobView, QuoteView } from '../../../lib/job-view'

export function quoteNumber(n: number): string {
  return `Q-${String(n).padStart(6, '0')}`
}

export function toQuoteView(row: typeof jobQuotes.$inferSelect, today: string): QuoteView {
  return {
    id: row.id,
    number: quoteNumber(row.number),
    status: row.status,
    lines: row.lines as PricedLine[],
    vatPercent: row.vatBasisPoints / 100,
    subtotalPence: row.subtotalPence,
    vatPence: row.vatPence,
    totalPence: row.totalPence,
    validUntil: row.validUntil,
    expired: row.validUntil < today,
    note: row.note,
    declineReason: row.declineReason,
    createdAt: toIso(row.createdAt)!,
    decidedAt: toIso(row.decidedAt),
    pdfUrl: `/profile/jobs/${row.jobId}/quotes/${row.id}`,
  }
}
