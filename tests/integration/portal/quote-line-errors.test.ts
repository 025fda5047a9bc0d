import { eq } from 'drizzle-orm'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { JobActionResult } from '../../../app/features/jobs/job-types'
import { jobQuotes } from '../../../server/db/schema'
import { portalWithAccounts } from './support/portal-with-accounts'

/**
 * An error on one line of a quote comes back at that line's field, from the job page's form and from
 * the data API alike: "lines[1].hours", not "lines", so the form shows it beside line 2's hours.
 */
describe('errors on a quote line', () => {
  const adminEmail = 'quote-lines-admin@example.test'
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, QUOTE_VAT_PERCENT: '20' }, { owner: 'quote-lines-owner@example.test', admin: adminEmail })
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

  const newJob = async () => {
    const r = await accounts.owner.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "Shaft FEA", reference: "PO-12" }) { id } }')
    return r.data!.createJobRequests.id
  }
  /** The quote form's fields as the browser sends them: one input per line field, named by its place. */
  const quoteForm = (lines: Record<string, string>[], validUntil = inDays(30)) => {
    const form = new URLSearchParams({ intent: 'send-quote', validUntil })
    lines.forEach((line, i) => {
      for (const [key, value] of Object.entries(line)) form.append(`lines[${i}].${key}`, value)
    })
    return form
  }
  /** The admin sends the quote form of job `id` to its page's action. */
  const postQuoteForm = (id: string, lines: Record<string, string>[]) => accounts.admin.fetch(`/profile/jobs/${id}.data`, { method: 'POST', body: quoteForm(lines) })
  /** The job page action's answer, decoded as the page's own script decodes it. */
  const answerOf = async (res: Response) => {
    const decoded = await decodeViaTurboStream(res.body!, globalThis)
    await decoded.done
    return (decoded.value as { data: JobActionResult }).data
  }
  const quotesOf = async (jobId: string) => portal.server.ctx.db.select().from(jobQuotes).where(eq(jobQuotes.jobId, jobId))
  /** Posts the job page's quote form with the lines for a new job: it answers 400 with `error` (each field named by its line's place) and saves nothing. Gives the answer. */
  const expectRefused = async (lines: Record<string, string>[], error: Record<string, string[]>) => {
    const id = await newJob()
    const res = await postQuoteForm(id, lines)
    expect(res.status).toBe(400)
    const answer = await answerOf(res)
    expect(answer.result?.error).toEqual(error)
    expect(await quotesOf(id)).toEqual([])
    return answer
  }

  it('the job page answers 400 with the error at line 2’s hours, and saves nothing', async () => {
    const answer = await expectRefused(
      [
        { kind: 'service', service: 'cfd', hours: '4' },
        { kind: 'service', service: 'fea', hours: '0' },
      ],
      { 'lines[1].hours': ['Hours must be more than 0'] },
    )
    expect(answer).toMatchObject({ intent: 'send-quote', ok: false })
  })

  it('a line’s own error is named by its place too (a free line without a description, the third)', async () => {
    await expectRefused(
      [
        { kind: 'service', service: 'cfd', hours: '4' },
        { kind: 'course', course: 'CAD Fundamentals', days: '1' },
        { kind: 'free', description: '', amount: '120' },
      ],
      { 'lines[2].description': ['Describe the line'] },
    )
  })

  it('the same form with every line right is saved, its lines in order', async () => {
    const id = await newJob()
    const res = await postQuoteForm(id, [
      { kind: 'service', service: 'cfd', hours: '4' },
      { kind: 'free', description: 'Site visit', amount: '120' },
    ])
    expect(res.status).toBe(200)
    const [quote] = await quotesOf(id)
    expect((quote!.lines as { description: string; amountPence: number }[]).map((l) => l.amountPence)).toEqual([34_000, 12_000])
  })

  it('the data API names the same field in its error', async () => {
    const id = await newJob()
    const r = await accounts.admin.gql('mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }', {
      id,
      i: {
        validUntil: inDays(30),
        lines: [
          { kind: 'service', service: 'cfd', hours: 4 },
          { kind: 'service', service: 'fea', hours: 0 },
        ],
      },
    })
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { 'lines[1].hours': ['Hours must be more than 0'] } })
    expect(await quotesOf(id)).toEqual([])
  })
})
