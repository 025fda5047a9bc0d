import type { JobViewer } from '../../../lib/job-abilities'
import type { JobSide } from '../../../lib/job-stages'
import type { QuoteView } from '../../../lib/job-view'
import type { PricedLine } from '../../../lib/quote-schema'
import type { Actor } from '../../auth/actor'
import type { jobQuotes } from '../../db/schema'
import { toIso } from '../shared/authorize'

export type { JobEventView, JobFileView, JobMessageView, JobView, QuoteView } from '../../../lib/job-view'

/** The viewer an actor is of a job: the consultancy (an admin) for every job, a client for their own. */
export function viewerOf(actor: Actor, job: { user: string }): JobViewer {
  return { side: sideOf(actor), owns: actor.isAdmin || job.user === actor.userId }
}

/** The side an actor acts for on a job: an admin is the consultancy, anyone else the client. */
export function sideOf(actor: Actor): JobSide {
  return actor.isAdmin ? 'consultancy' : 'client'
}

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
