import { beforeAll, describe, expect, it } from 'vitest'
import type { NeedsYouItem } from '../../../lib/needs-you'
import { eq } from 'drizzle-orm'
import { jobEvents, jobRequests } from '../../../server/db/schema'
import { WORK_QUEUE_PAGE_SIZE, type WorkQueue } from '../../../lib/work-queue'
import { userIdOf } from './support/accounts'
import { gqlData, type HttpClient } from './support/http-client'
import { PDF_BYTES, tusUpload } from './support/tus-upload'
import { portalWithAccounts } from './support/portal-with-accounts'
import { companyIdOf } from '../../setup/company-of'

/**
 * What the dashboard opens on, through its JSON endpoints: the consultancy's work queue (every
 * client's jobs, why each needs it, filters, search, paging, the header's count) for the admin only;
 * a client's "What needs you" (a quote with its total, unread messages, a release to sign off),
 * never another client's. A released job waits for the client's approver, not for the consultancy.
 */
describe('the dashboard landing: work queue and what needs you', () => {
  let ownerId: string
  let otherId: string
  const adminEmail = 'landing-admin@example.test'

  const newJob = async (c: HttpClient, job: string, reference: string) =>
    (await gqlData<{ createJobRequests: { id: string } }>(c, 'mutation($j: String, $r: String) { createJobRequests(input: { job: $j, reference: $r }) { id } }', { j: job, r: reference })).createJobRequests.id
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  const sendQuote = (id: string) =>
    gqlData(accounts.admin, 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }', { id, i: { validUntil: inDays(30), lines: [{ kind: 'service', service: 'fea', hours: 10 }] } })
  const move = (id: string, to: string) => gqlData(accounts.admin, 'mutation($id: ID!, $to: String!) { moveJobStage(jobId: $id, to: $to) { id } }', { id, to })
  const queue = async (c: HttpClient, search = '') => {
    const res = await c.fetch(`/profile/work-queue${search}`)
    return { status: res.status, body: (await res.json()) as WorkQueue & { error?: string } }
  }
  const needsYou = async (c: HttpClient, search = '') => {
    const res = await c.fetch(`/profile/needs-you${search}`)
    return { status: res.status, body: (await res.json()) as { items: NeedsYouItem[]; error?: string } }
  }

  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, QUOTE_VAT_PERCENT: '20' }, { owner: 'landing-owner@example.test', other: 'landing-other@example.test', admin: adminEmail })
  beforeAll(async () => {
    ;[ownerId, otherId] = await Promise.all([userIdOf(accounts.owner), userIdOf(accounts.other)])
  })

  it('lists every client’s jobs for the admin, newest activity first, with why each needs the consultancy', async () => {
    const bracket = await newJob(accounts.owner, 'Bracket FEA', 'PO-100')
    const duct = await newJob(accounts.other, 'Duct CFD', 'ACME-7')
    const { status, body } = await queue(accounts.admin)
    expect(status).toBe(200)
    const ids = body.rows.map((r) => r.id)
    expect(ids).toEqual(expect.arrayContaining([bracket, duct]))
    // The other client's job is newer: it comes first.
    expect(ids.indexOf(duct)).toBeLessThan(ids.indexOf(bracket))
    const row = body.rows.find((r) => r.id === bracket)!
    expect(row).toMatchObject({ title: 'Bracket FEA', reference: 'PO-100', stage: 'pending', needs: ['new-request'], client: { id: ownerId, email: 'landing-owner@example.test' } })
    expect(body.needsUsCount).toBeGreaterThanOrEqual(2)

    // A message from the client brings its job back to the top, unread for the consultancy.
    await gqlData(accounts.owner, 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "Any news?") { id } }', { id: bracket })
    const after = (await queue(accounts.admin)).body
    expect(after.rows[0]).toMatchObject({ id: bracket, unread: 1, needs: ['new-request', 'client-messages'] })
  })

  it('filters the queue by stage, client, "needs us" and words of the title or reference, and pages it', async () => {
    const quoted = await newJob(accounts.owner, 'Quoted gearbox', 'GB-1')
    await sendQuote(quoted)
    const byStage = (await queue(accounts.admin, '?stage=quoted')).body
    expect(byStage.rows.map((r) => r.id)).toEqual([quoted])
    // A quoted job waits for the client, not for the consultancy.
    expect(byStage.rows[0]!.needs).toEqual([])
    expect((await queue(accounts.admin, '?stage=quoted&needs=1')).body.rows).toEqual([])

    const byClient = (await queue(accounts.admin, `?owner=${otherId}`)).body
    expect(byClient.rows.length).toBeGreaterThan(0)
    expect(byClient.rows.every((r) => r.client.id === otherId)).toBe(true)

    expect((await queue(accounts.admin, '?q=acme-7')).body.rows.map((r) => r.title)).toEqual(['Duct CFD'])
    expect((await queue(accounts.admin, '?q=gearbox')).body.rows.map((r) => r.title)).toEqual(['Quoted gearbox'])
    // Words are matched as written, never as a pattern.
    expect((await queue(accounts.admin, '?q=%25')).body.rows).toEqual([])

    // A page's worth of older jobs (more than a client may request in an hour: written directly), then one more.
    const hourAgo = Date.now() - 3_600_000
    const otherCompany = await companyIdOf(portal.server.ctx.db, otherId)
    await portal.server.ctx.db.insert(jobRequests).values(
      Array.from({ length: WORK_QUEUE_PAGE_SIZE }, (_, i) => {
        const at = new Date(hourAgo + i * 1000)
        return { user: otherId, companyId: otherCompany, job: `Batch part ${i}`, reference: `BATCH-${i}`, status: 'pending', priority: '3', files: '[]', membership: 'true', createdAt: at, updatedAt: at }
      }),
    )
    const first = (await queue(accounts.admin, '?q=batch')).body
    expect(first.total).toBe(WORK_QUEUE_PAGE_SIZE)
    expect(first.rows).toHaveLength(WORK_QUEUE_PAGE_SIZE)
    expect(first.rows[0]!.title).toBe(`Batch part ${WORK_QUEUE_PAGE_SIZE - 1}`)
    await newJob(accounts.other, 'Batch part last', 'BATCH-last')
    const second = (await queue(accounts.admin, '?q=batch&page=2')).body
    expect(second).toMatchObject({ total: WORK_QUEUE_PAGE_SIZE + 1, page: 2 })
    // The oldest activity is on the last page.
    expect(second.rows.map((r) => r.title)).toEqual(['Batch part 0'])
  })

  it('leaves a released job to the client, and takes a returned release back as the consultancy’s to do', async () => {
    const job = await newJob(accounts.owner, 'Returned housing', 'RH-1')
    await sendQuote(job)
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id: job })
    await move(job, 'in_progress')
    expect((await tusUpload(accounts.admin, PDF_BYTES, { filename: 'housing-report.pdf', kind: 'job-deliverables', jobRequestId: job })).status).toBe(204)
    await move(job, 'released')
    const rowOf = async () => (await queue(accounts.admin, '?q=RH-1')).body.rows.find((r) => r.id === job)
    expect(await rowOf()).toMatchObject({ stage: 'released', needs: [] })
    expect((await queue(accounts.admin, '?q=RH-1&needs=1')).body.rows).toEqual([])
    // The client's approver returns the release (its decision moves the job back in progress, as written here).
    const { db } = portal.server.ctx
    await db.update(jobRequests).set({ status: 'in_progress' }).where(eq(jobRequests.id, job))
    await db.insert(jobEvents).values({ jobId: job, fromStage: 'released', toStage: 'in_progress', actorId: ownerId, actorSide: 'client', note: 'Section 3 is missing' })
    expect(await rowOf()).toMatchObject({ stage: 'in_progress', needs: ['release-returned'] })
    expect((await queue(accounts.admin, '?q=RH-1&needs=1')).body.rows.map((r) => r.id)).toEqual([job])
    // Put in review: the consultancy is at it again, nothing more is flagged.
    await move(job, 'in_review')
    expect(await rowOf()).toMatchObject({ stage: 'in_review', needs: [] })
  })

  it('counts what needs the consultancy for the header, and only for the admin', async () => {
    const count = await accounts.admin.fetch('/profile/work-queue/count')
    expect(count.status).toBe(200)
    const { count: n } = (await count.json()) as { count: number }
    expect(n).toBe((await queue(accounts.admin)).body.needsUsCount)
    expect(n).toBe((await queue(accounts.admin, '?needs=1')).body.total)
    for (const c of [accounts.owner, accounts.other]) expect((await c.fetch('/profile/work-queue/count')).status).toBe(403)
  })

  it('refuses the queue to clients and guests, and never shows them a row', async () => {
    for (const c of [accounts.owner, accounts.other]) {
      const { status, body } = await queue(c)
      expect(status).toBe(403)
      expect(body).toEqual({ error: 'Unauthorized' })
    }
    const guest = await fetch(`${portal.url}/profile/work-queue`)
    expect(guest.status).toBe(401)
    expect(JSON.stringify(await guest.json())).not.toContain('Bracket')
  })

  it('shows a client what needs them: a quote with its total, unread messages, a release to sign off; never another client’s', async () => {
    const job = await newJob(accounts.owner, 'Valve body CFD', 'VB-3')
    await sendQuote(job)
    await gqlData(accounts.admin, 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "Quote sent, any questions?") { id } }', { id: job })
    const { status, body } = await needsYou(accounts.owner)
    expect(status).toBe(200)
    const mine = body.items.filter((i) => i.jobId === job)
    // FEA £80 × 10 h = £800, VAT 20 % = £160.
    expect(mine).toEqual([
      { kind: 'quote', jobId: job, title: 'Valve body CFD', totalPence: 96_000, validUntil: inDays(30) },
      { kind: 'messages', jobId: job, title: 'Valve body CFD', count: 1 },
    ])

    // The other client sees none of it, and may not ask for the owner's.
    expect((await needsYou(accounts.other)).body.items.some((i) => i.jobId === job)).toBe(false)
    expect((await needsYou(accounts.other, `?client=${ownerId}`)).status).toBe(403)
    expect((await fetch(`${portal.url}/profile/needs-you?client=${ownerId}`)).status).toBe(401)
    // The admin reads the owner's as the owner would.
    expect((await needsYou(accounts.admin, `?client=${ownerId}`)).body.items.filter((i) => i.jobId === job)).toEqual(mine)

    // Accepted, worked on and released: the quote and the read messages go; the release is the
    // owner's to sign off (an approver's or owner's), opened or not, and no longer the consultancy's.
    await gqlData(accounts.owner, 'mutation($id: ID!) { markJobRead(jobId: $id) }', { id: job })
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id: job })
    for (const to of ['in_progress', 'in_review']) await move(job, to)
    expect((await tusUpload(accounts.admin, PDF_BYTES, { filename: 'valve-report.pdf', kind: 'job-deliverables', jobRequestId: job })).status).toBe(204)
    await move(job, 'released')
    const release = [{ kind: 'release', jobId: job, title: 'Valve body CFD', releasedAt: expect.any(String) }]
    expect((await needsYou(accounts.owner)).body.items.filter((i) => i.jobId === job)).toEqual(release)
    await gqlData(accounts.owner, 'mutation($id: ID!) { markJobRead(jobId: $id) }', { id: job })
    expect((await needsYou(accounts.owner)).body.items.filter((i) => i.jobId === job)).toEqual(release)
    const row = (await queue(accounts.admin, '?stage=released')).body.rows.find((r) => r.id === job)
    expect(row).toMatchObject({ stage: 'released', needs: [] })
    // Closed by the consultancy with a note: nothing is left to do on it.
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed", note: "Accepted by phone") { id } }', { id: job })
    expect((await needsYou(accounts.owner)).body.items.filter((i) => i.jobId === job)).toEqual([])
  })
})
