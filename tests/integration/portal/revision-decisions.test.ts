import { eq, sql } from 'drizzle-orm'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobEvents, jobRequests, revisionDecisions } from '../../../server/db/schema'
import { companyIdOf, moveIntoCompany } from '../../setup/company-of'
import { userIdOf } from './support/accounts'
import { gqlData, HttpClient } from './support/http-client'
import { seedIssuedRevisions } from './support/issued-revisions'
import { portalWithAccounts } from './support/portal-with-accounts'

/**
 * The client's decision on a release: an approver or owner of the job's company decides once on each
 * issued revision of the latest release, the decision keeping who (name and address), from where and
 * the revision's SHA-256; an accepted revision gets C01. Once every revision is decided the job is
 * completed (none returned) or back in progress (any returned). Nobody else decides: not a member or
 * a viewer of the company, not another client, not a guest, not the consultancy. The consultancy may
 * instead close a released job, with a note saying why.
 */
describe('decisions on issued revisions', () => {
  const adminEmail = 'decisions-admin@example.test'
  const emails = {
    owner: 'decisions-owner@example.test',
    approver: 'decisions-approver@example.test',
    member: 'decisions-member@example.test',
    viewer: 'decisions-viewer@example.test',
    other: 'decisions-other@example.test',
    admin: adminEmail,
  } as const
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, MAIL_GROUP_SECONDS: '1' }, emails)
  let ownerId: string
  let companyId: string

  beforeAll(async () => {
    const { db } = portal.server.ctx
    ownerId = await userIdOf(accounts.owner)
    companyId = await companyIdOf(db, ownerId)
    for (const role of ['approver', 'member', 'viewer'] as const) await moveIntoCompany(db, await userIdOf(accounts[role]), companyId, role)
    await gqlData(accounts.approver, 'mutation { updateProfile(input: { given_name: "Ada", family_name: "Approver" }) { userId } }')
  })

  const DECIDE = 'mutation($id: ID!, $r: ID!, $d: String!, $c: String) { decideRevision(jobId: $id, revisionId: $r, decision: $d, comment: $c) { revisionId decision comment acceptedCode by byEmail sha256 jobStatus } }'
  const decide = (c: HttpClient, id: string, revisionId: string, decision: string, comment?: string) => c.gql<{ decideRevision: Record<string, unknown> }>(DECIDE, { id, r: revisionId, d: decision, c: comment })

  /** A job of the owner's company worked on and released with one revision per document (P01 each). */
  async function releasedJob(documents: string[]) {
    const { db } = portal.server.ctx
    const [row] = await db
      .insert(jobRequests)
      .values({ user: ownerId, companyId, job: 'Bracket FEA', status: 'in_progress', acceptedAt: new Date().toISOString().slice(0, 10), priority: '3', files: '[]', membership: 'true' })
      .returning()
    const revisions = await seedIssuedRevisions(db, row!.id, documents)
    return { id: row!.id, revisions }
  }
  const statusOf = async (id: string) => (await portal.server.ctx.db.select({ status: jobRequests.status }).from(jobRequests).where(eq(jobRequests.id, id)))[0]!.status
  const decisionsOf = async (id: string) => portal.server.ctx.db.select().from(revisionDecisions).where(eq(revisionDecisions.jobId, id))
  /** The job page's form post, answered as the page's own script decodes it. */
  const postIntent = async (c: HttpClient, id: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await c.fetch(`/profile/jobs/${id}.data`, { method: 'POST', body: new URLSearchParams(fields), headers })
    const decoded = await decodeViaTurboStream(res.body!, globalThis)
    await decoded.done
    return { status: res.status, answer: (decoded.value as { data: { ok: boolean; message?: string; result?: { error?: Record<string, string[]> } } }).data }
  }
  /** A mail's text as the recipient reads it (quoted-printable decoded). */
  const textOf = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
  const mailsTo = (to: string, subject: RegExp) => portal.smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject))
  const waitForMail = async (to: string, subject: RegExp) => {
    const deadline = Date.now() + 15_000
    while (mailsTo(to, subject).length === 0) {
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; got ${portal.smtp.mails.filter((m) => m.to.includes(to)).map((m) => m.subject).join(' | ')}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    return mailsTo(to, subject).at(-1)!
  }

  it('an approver accepts a revision: the decision keeps its SHA-256, who, where from, and the code C01; the last acceptance completes the job', async () => {
    const { id, revisions } = await releasedJob(['report.pdf', 'drawing.pdf'])
    const [report, drawing] = revisions

    const first = await decide(accounts.approver, id, report!.id, 'accepted')
    expect(first.errors).toBeUndefined()
    expect(first.data!.decideRevision).toEqual({
      revisionId: report!.id,
      decision: 'accepted',
      comment: null,
      acceptedCode: 'C01',
      by: 'Ada Approver',
      byEmail: emails.approver,
      sha256: report!.sha256,
      jobStatus: 'released',
    })
    const [stored] = await decisionsOf(id)
    expect(stored).toMatchObject({ revisionId: report!.id, decision: 'accepted', acceptedCode: 'C01', decidedByName: 'Ada Approver', decidedByEmail: emails.approver, sha256: report!.sha256, ip: '127.0.0.1' })
    expect(stored!.decidedBy).toBe(await userIdOf(accounts.approver))
    // One revision still waits: the job stays released.
    expect(await statusOf(id)).toBe('released')
    await waitForMail(adminEmail, /report\.pdf P01 accepted/)

    // The owner accepts the other with comments, from the job page: the job is completed by the client.
    const { status, answer } = await postIntent(accounts.owner, id, { intent: 'decide-revision', revisionId: drawing!.id, decision: 'accepted_with_comments', comment: 'Label the datum' }, { 'user-agent': 'DecisionBrowser/1.0' })
    expect([status, answer.ok]).toEqual([200, true])
    const second = (await decisionsOf(id)).find((d) => d.revisionId === drawing!.id)
    expect(second).toMatchObject({ decision: 'accepted_with_comments', comment: 'Label the datum', acceptedCode: 'C01', decidedByEmail: emails.owner, userAgent: 'DecisionBrowser/1.0', ip: '127.0.0.1', sha256: drawing!.sha256 })
    expect(await statusOf(id)).toBe('completed')
    const events = await portal.server.ctx.db.select().from(jobEvents).where(eq(jobEvents.jobId, id))
    expect(events.find((e) => e.toStage === 'completed')).toMatchObject({ fromStage: 'released', actorSide: 'client', actorId: ownerId, note: 'Release 1 accepted: drawing.pdf C01, report.pdf C01' })
  })

  it('a returned revision needs a reason; once given, the job goes back to in progress', async () => {
    const { id, revisions } = await releasedJob(['report.pdf'])
    const revisionId = revisions[0]!.id

    const bare = await postIntent(accounts.approver, id, { intent: 'decide-revision', revisionId, decision: 'returned', comment: '' })
    expect(bare.status).toBe(400)
    expect(bare.answer.result?.error).toEqual({ comment: ['Say why the revision is returned'] })
    expect((await decide(accounts.approver, id, revisionId, 'returned')).errors?.[0]?.message).toBe('Say why the revision is returned')
    expect(await decisionsOf(id)).toEqual([])

    const returned = await decide(accounts.approver, id, revisionId, 'returned', 'The mesh is too coarse at the fillet')
    expect(returned.data!.decideRevision).toMatchObject({ decision: 'returned', acceptedCode: null, comment: 'The mesh is too coarse at the fillet', jobStatus: 'in_progress' })
    expect(await statusOf(id)).toBe('in_progress')
    const mail = await waitForMail(adminEmail, /report\.pdf P01 returned with comments/)
    expect(textOf(mail.raw)).toContain('Their reason: The mesh is too coarse at the fillet')
  })

  it('a revision is decided once, and the database refuses to change a decision', async () => {
    const { id, revisions } = await releasedJob(['report.pdf', 'drawing.pdf'])
    const revisionId = revisions[0]!.id
    expect((await decide(accounts.approver, id, revisionId, 'accepted')).errors).toBeUndefined()

    const again = await decide(accounts.owner, id, revisionId, 'returned', 'On second thoughts')
    expect(again.errors?.[0]).toMatchObject({ message: 'This revision was already decided: a new revision follows it', extensions: { code: 'CONFLICT' } })
    expect(await decisionsOf(id)).toHaveLength(1)

    const change = portal.server.ctx.db.execute(sql`update revision_decision set decision = 'returned', comment = 'Changed' where job_id = ${id}`)
    await expect(change).rejects.toMatchObject({ cause: { message: 'a decision on a revision cannot be changed' } })
    expect((await decisionsOf(id))[0]).toMatchObject({ decision: 'accepted', comment: null })
  })

  it('of two revisions of a document issued together, the newer is decided, and deciding it completes the release', async () => {
    const { id, revisions } = await releasedJob(['report.pdf', 'report.pdf'])
    const [older, newer] = revisions
    expect([older!.code, newer!.code]).toEqual(['P01', 'P02'])
    const refused = await decide(accounts.approver, id, older!.id, 'accepted')
    expect(refused.errors?.[0]).toMatchObject({ message: 'A later revision of this document was issued: decide on that one', extensions: { code: 'CONFLICT' } })
    expect((await decide(accounts.approver, id, newer!.id, 'accepted')).data!.decideRevision).toMatchObject({ acceptedCode: 'C01', jobStatus: 'completed' })
  })

  it('a member or a viewer of the company, another client, a guest and the consultancy cannot decide', async () => {
    const { id, revisions } = await releasedJob(['report.pdf'])
    const revisionId = revisions[0]!.id
    for (const c of [accounts.member, accounts.viewer, accounts.other, accounts.admin, new HttpClient(portal.url)]) {
      expect((await decide(c, id, revisionId, 'accepted')).errors?.[0]?.message).toBe('Unauthorized')
    }
    // The page's form answers the same.
    const viaPage = await postIntent(accounts.member, id, { intent: 'decide-revision', revisionId, decision: 'accepted' })
    expect([viaPage.status, viaPage.answer.message]).toEqual([403, 'Unauthorized'])
    expect(await decisionsOf(id)).toEqual([])
    expect(await statusOf(id)).toBe('released')
  })

  it('the consultancy closes a released job only with a note, which the client is mailed', async () => {
    const { id } = await releasedJob(['report.pdf'])
    const bare = await postIntent(accounts.admin, id, { intent: 'move-stage', to: 'completed', note: '' })
    expect(bare.status).toBe(400)
    expect(bare.answer.result?.error).toEqual({ note: ['Say why the job is closed'] })
    expect((await accounts.admin.gql('mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed") { id } }', { id })).errors?.[0]?.message).toBe('Say why the job is closed')
    expect(await statusOf(id)).toBe('released')

    const closed = await postIntent(accounts.admin, id, { intent: 'move-stage', to: 'completed', note: 'No answer after three reminders' })
    expect([closed.status, closed.answer.ok]).toEqual([200, true])
    expect(await statusOf(id)).toBe('completed')
    const events = await portal.server.ctx.db.select().from(jobEvents).where(eq(jobEvents.jobId, id))
    expect(events.find((e) => e.toStage === 'completed')).toMatchObject({ actorSide: 'consultancy', note: 'No answer after three reminders' })
    const mail = await waitForMail(emails.owner, /job closed/)
    expect(textOf(mail.raw)).toContain('Note: No answer after three reminders')
  })
})
