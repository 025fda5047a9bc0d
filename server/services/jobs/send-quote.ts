import { and, eq } from 'drizzle-orm'
import { jobAbilities } from '../../../lib/job-abilities'
import { formatPence, priceLine, quoteSchema, quoteTotals, type QuoteInput } from '../../../lib/quote-schema'
import { formatDate } from '../../../lib/format'
import { getAppContext } from '../../context/app-context'
import { jobQuotes } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { enqueueJobMail } from './enqueue-job-mail'
import { viewerOf } from '../shared/job-viewer'
import { quoteNumber, toQuoteView, type QuoteView } from './job-types'
import { lockJob } from './lock-job'
import { recordStageMove } from './record-stage-move'

export interface SendQuoteOptions {
  actor: MaybeActor
  jobId: string
  input: QuoteInput
}

/**
 * The consultancy quotes a job: each line priced from the catalogue (service hours at its hourly
 * rate, course days at its day price, or a free line), VAT at QUOTE_VAT_PERCENT, valid until a date.
 * A job is quoted while pending, quoted (the new quote replaces the one before) or declined; the job
 * becomes "quoted" and the client is mailed.
 */
export async function sendQuote({ actor, jobId, input }: SendQuoteOptions): Promise<QuoteView> {
  requireAdmin(actor)
  const fields = parseInput(quoteSchema, input)
  const { db, env } = getAppContext()
  const lines = fields.lines.map(priceLine)
  const totals = quoteTotals(lines, env.QUOTE_VAT_PERCENT)
  return db.transaction(async (tx) => {
    const { actor: a, job } = await lockJob(tx, actor, jobId)
    if (!jobAbilities(job, viewerOf(a, job)).quote) throw new AppError('CONFLICT', `A job that is ${job.status?.replace(/_/g, ' ')} cannot be quoted`)
    await tx.update(jobQuotes).set({ status: 'superseded', decidedAt: new Date() }).where(and(eq(jobQuotes.jobId, job.id), eq(jobQuotes.status, 'sent')))
    const [row] = await tx
      .insert(jobQuotes)
      .values({ jobId: job.id, lines, vatBasisPoints: Math.round(env.QUOTE_VAT_PERCENT * 100), ...totals, validUntil: fields.validUntil, note: fields.note || null, createdBy: a.userId })
      .returning()
    const number = quoteNumber(row!.number)
    await recordStageMove(tx, a, job, 'quoted', `Quote ${number}: ${formatPence(totals.totalPence)} including VAT, valid until ${formatDate(fields.validUntil)}`)
    await enqueueJobMail(tx, {
      to: 'client',
      job,
      actorId: a.userId,
      what: `quote ${number}`,
      text: `We have quoted your job: ${formatPence(totals.totalPence)} including VAT (${formatPence(totals.subtotalPence)} before VAT), valid until ${formatDate(fields.validUntil)}. You can accept or decline it on the job's page, and download it as a PDF.`,
    })
    return toQuoteView(row!, new Date().toISOString().slice(0, 10))
  })
}
