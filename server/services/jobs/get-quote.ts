import { and, eq } from 'drizzle-orm'
import { postalAddressParts } from '../../../lib/profile-schema'
import { today } from '../../../lib/quote-schema'
import { getAppContext } from '../../context/app-context'
import { jobQuotes } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { getJobRequest } from './get-job-request'
import type { JobRequest } from './job-request-types'
import { loadProfile } from '../profiles/load-profile'
import { type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { toQuoteView, type QuoteView } from './job-types'

export interface QuoteDocument {
  quote: QuoteView
  job: JobRequest
  /** Who the quote is for, as their profile gives it. */
  client: { name: string; company: string; email: string; address: string[] }
}

/** One quote of a job with what its document prints, for the job's client or an admin. */
export async function getQuote({ actor, jobId, quoteId }: { actor: MaybeActor; jobId: string; quoteId: string }): Promise<QuoteDocument> {
  const job = await getJobRequest({ actor, id: jobId })
  if (!isUuid(quoteId)) throw new AppError('NOT_FOUND', 'Quote not found')
  const [row] = await getAppContext()
    .db.select()
    .from(jobQuotes)
    .where(and(eq(jobQuotes.id, quoteId), eq(jobQuotes.jobId, job.id)))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Quote not found')
  const profile = await loadProfile(job.user)
  const name = [profile.givenName, profile.familyName].filter(Boolean).join(' ') || profile.nickname || ''
  return {
    quote: toQuoteView(row, today()),
    job,
    client: { name, company: profile.companyName ?? '', email: profile.email, address: postalAddressParts.map((p) => profile[p] ?? '').filter(Boolean) },
  }
}
