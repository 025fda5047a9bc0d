import { and, desc, eq } from 'drizzle-orm'
import { jobAbilities } from '../../../lib/job-abilities'
import { declineQuoteSchema, formatPence, today } from '../../../lib/quote-schema'
import { getAppContext } from '../../context/app-context'
import { jobQuotes } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireClientRole, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { enqueueJobMail } from './enqueue-job-mail'
import { sideOf, viewerOf } from '../shared/job-viewer'
import { quoteNumber, toQuoteView, type QuoteView } from './job-types'
import { limitJobAction } from './limit-job-action'
import { lockJob } from './lock-job'
import { recordStageMove } from './record-stage-move'

export interface DecideQuoteOptions {
  actor: MaybeActor
  jobId: string
  decision: 'accept' | 'decline'
  /** Why the client declines (required then). */
  reason?: string | null
}

/**
 * The client accepts or declines the job's current quote. Only the client who owns the job decides
 * (not the consultancy, not another client), only while the job is "quoted", and an expired quote
 * (its valid-until date has passed) cannot be accepted. The job becomes "accepted" or "declined",
 * and the consultancy is mailed. Declines are limited per client and their mails grouped per job, as
 * a client can repeat them.
 */
export async function decideQuote({ actor, jobId, decision, reason }: DecideQuoteOptions): Promise<QuoteView> {
  const declined = decision === 'decline' ? parseInput(declineQuoteSchema, { reason }) : null
  if (declined) await limitJobAction(requireSignedIn(actor), 'decline')
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    const to = decision === 'accept' ? 'accepted' : 'declined'
    if (sideOf(a) !== 'client') throw new AppError('UNAUTHORIZED')
    requireClientRole(a, 'decide')
    const [quote] = await tx
      .select()
      .from(jobQuotes)
      .where(and(eq(jobQuotes.jobId, job.id), eq(jobQuotes.status, 'sent')))
      .orderBy(desc(jobQuotes.createdAt))
      .limit(1)
    if (!quote || !jobAbilities(job, viewerOf(a, job)).decide) throw new AppError('CONFLICT', 'This job has no quote waiting for your answer')
    const day = today()
    if (decision === 'accept' && quote.validUntil < day) throw new AppError('CONFLICT', `This quote expired on ${quote.validUntil}. Please ask us for a new one.`)
    const [row] = await tx
      .update(jobQuotes)
      .set({ status: to, declineReason: declined?.reason ?? null, decidedAt: new Date() })
      .where(eq(jobQuotes.id, quote.id))
      .returning()
    const number = quoteNumber(quote.number)
    await recordStageMove(tx, a, job, to, declined ? `Quote ${number} declined: ${declined.reason}` : `Quote ${number} accepted`)
    await enqueueJobMail(tx, {
      to: 'consultancy',
      job,
      actorId: a.userId,
      what: `quote ${number} ${to}`,
      text: declined
        ? `The client declined quote ${number} (${formatPence(quote.totalPence)}). Their reason: ${declined.reason}`
        : `The client accepted quote ${number} (${formatPence(quote.totalPence)} including VAT). The job can start.`,
      grouped: declined !== null,
    })
    return toQuoteView(row!, day)
  })
}
