import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { JobView } from '../../../lib/job-view'
import { deliverableRevisions, jobRequests } from '../../../server/db/schema'
import { gqlData, type HttpClient } from './support/http-client'
import { portalWithAccounts } from './support/portal-with-accounts'
import { tusUpload } from './support/tus-upload'

/**
 * Deliverables as documents with revisions: each upload is a revision kept beside the earlier ones,
 * with its SHA-256; a release issues what was uploaded since the last one (P01, P02…) and records who
 * it was sent to; the client sees only what was issued to it, and an issued revision is never removed
 * or changed.
 */
describe('deliverable revisions and releases', () => {
  const ownerEmail = 'revisions-owner@example.test'
  const adminEmail = 'revisions-admin@example.test'
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, MAIL_GROUP_SECONDS: '1' }, { owner: ownerEmail, other: 'revisions-other@example.test', admin: adminEmail })

  const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
  const view = async (c: HttpClient, id: string) => {
    const res = await c.fetch(`/profile/jobs/${id}/view`)
    return { status: res.status, data: res.status === 200 ? ((await res.json()) as { view: JobView }).view : null }
  }
  const move = (c: HttpClient, id: string, to: string) => c.gql('mutation($id: ID!, $to: String!) { moveJobStage(jobId: $id, to: $to) { id } }', { id, to })
  const upload = async (bytes: Buffer, filename: string, id: string, document?: string) => {
    const result = await tusUpload(accounts.admin, bytes, { filename, kind: 'job-deliverables', jobRequestId: id, ...(document ? { document } : {}) })
    expect(result.status, result.body).toBe(204)
    return result.path!
  }

  /** A job of the client, accepted and in progress (the consultancy files it for the client). */
  async function jobInProgress(name: string): Promise<string> {
    const ownerId = (await gqlData<{ me: { userId: string } }>(accounts.owner, '{ me { userId } }')).me.userId
    const { id } = (await gqlData<{ createJobRequests: { id: string } }>(accounts.admin, 'mutation($u: ID, $j: String) { createJobRequests(input: { user: $u, job: $j }) { id } }', { u: ownerId, j: name })).createJobRequests
    await gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 2 }] }) { id } }', { id })
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    return id
  }

  it('keeps every revision with its hash, issues them by release, and shows the client only what was issued', async () => {
    const id = await jobInProgress('Gusset FEA')
    // A release needs something to issue.
    expect((await move(accounts.admin, id, 'released')).errors?.[0]?.message).toBe('Upload a revision of a deliverable before releasing')

    const reportV1 = pdf('report, first issue')
    const reportPath = await upload(reportV1, 'gusset-report.pdf', id)
    const drawingPath = await upload(pdf('drawing'), 'gusset-drawing.pdf', id)
    // Each upload gets a name of the server's; the page shows the name it was uploaded under.
    expect(reportPath).toMatch(new RegExp(`^job-deliverables/${id}/[0-9a-f-]{36}\\.pdf$`))
    const before = (await view(accounts.admin, id)).data!
    expect(before.review.documents.map((d) => [d.document, d.revisions.map((r) => [r.code, r.status, r.file.name])])).toEqual([
      ['gusset-drawing.pdf', [[null, 'work in progress', 'gusset-drawing.pdf']]],
      ['gusset-report.pdf', [[null, 'work in progress', 'gusset-report.pdf']]],
    ])
    expect(before.review.documents[1]!.revisions[0]!.sha256).toBe(sha256(reportV1))
    // Work in progress is the consultancy's: the client neither sees, lists nor reads it.
    expect((await view(accounts.owner, id)).data!.deliverables).toBeNull()
    expect((await accounts.owner.fetch(`/files/${reportPath}`)).status).toBe(403)

    expect((await move(accounts.admin, id, 'released')).errors).toBeUndefined()
    const first = (await view(accounts.owner, id)).data!
    expect(first.job.status).toBe('released')
    expect(first.review.documents.map((d) => [d.document, d.revisions.map((r) => [r.code, r.status, r.issuedBy, r.release])])).toEqual([
      ['gusset-drawing.pdf', [['P01', 'issued', 'Meshwork Engineering', 1]]],
      ['gusset-report.pdf', [['P01', 'issued', 'Meshwork Engineering', 1]]],
    ])
    expect(first.review.releases).toEqual([expect.objectContaining({ number: 1, recipients: [ownerEmail], revisions: expect.arrayContaining([{ document: 'gusset-report.pdf', code: 'P01', sha256: sha256(reportV1) }]) })])
    expect(first.deliverables!.map((f) => f.name).sort()).toEqual(['gusset-drawing.pdf', 'gusset-report.pdf'])
    expect((await accounts.owner.fetch(`/files/${reportPath}`)).status).toBe(200)
    expect((await accounts.other.fetch(`/files/${reportPath}`)).status).toBe(403)
    expect((await view(accounts.other, id)).status).toBe(403)
    // The release's mail names each revision it issued.
    await expect.poll(() => portal.smtp.mails.filter((m) => m.to.includes(ownerEmail)).map((m) => `${m.subject}\n${m.raw}`).join('\n'), { timeout: 15_000 }).toContain('gusset-report.pdf: revision P01')
    // ...and carries its transmittal.
    const releaseMail = portal.smtp.mails.find((m) => m.to.includes(ownerEmail) && m.raw.includes('gusset-report.pdf: revision P01'))!
    expect(releaseMail.raw).toMatch(/Content-Type: application\/pdf; name="?T-[0-9A-F]{8}-01\.pdf/)

    // What was issued stays: no removal, no change, even straight in the database.
    const removed = await accounts.admin.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'remove-deliverable', path: reportPath }) })
    expect(removed.status).toBe(409)
    expect((await accounts.admin.fetch(`/files/${reportPath}`)).status).toBe(200)
    const { db } = portal.server.ctx
    await expect(db.update(deliverableRevisions).set({ sha256: sha256(Buffer.from('forged')) }).where(eq(deliverableRevisions.path, reportPath))).rejects.toThrow()
    await expect(db.execute(sql`UPDATE deliverable_revision SET code = 'P07' WHERE path = ${drawingPath}`)).rejects.toThrow()

    // The job back in progress (as a returned release leaves it), a second revision of the report.
    await db.update(jobRequests).set({ status: 'in_progress' }).where(eq(jobRequests.id, id))
    const reportV2 = pdf('report, second issue')
    const secondPath = await upload(reportV2, 'gusset-report-corrected.pdf', id, 'gusset-report.pdf')
    const pending = (await view(accounts.owner, id)).data!
    // Still only P01 for the client, and its new file is not theirs yet.
    expect(pending.review.documents.find((d) => d.document === 'gusset-report.pdf')!.revisions.map((r) => r.code)).toEqual(['P01'])
    expect((await accounts.owner.fetch(`/files/${secondPath}`)).status).toBe(403)
    const listed = await accounts.owner.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: `job-deliverables/${id}/` })
    expect(listed.data!.files.map((f) => f.path).sort()).toEqual([reportPath, drawingPath].sort())
    // Work in progress can be taken back.
    const extra = await upload(pdf('extra'), 'scratch.pdf', id)
    expect((await accounts.admin.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'remove-deliverable', path: extra }) })).status).toBe(200)

    expect((await move(accounts.admin, id, 'released')).errors).toBeUndefined()
    const second = (await view(accounts.owner, id)).data!
    const report = second.review.documents.find((d) => d.document === 'gusset-report.pdf')!
    // The current revision first, the earlier one superseded, each with its own file and hash.
    expect(report.revisions.map((r) => [r.code, r.status, r.release, r.file.name, r.sha256])).toEqual([
      ['P02', 'issued', 2, 'gusset-report-corrected.pdf', sha256(reportV2)],
      ['P01', 'superseded', 1, 'gusset-report.pdf', sha256(reportV1)],
    ])
    expect(second.review.releases.map((r) => [r.number, r.revisions.map((v) => `${v.document} ${v.code}`)])).toEqual([
      [2, ['gusset-report.pdf P02']],
      [1, expect.arrayContaining(['gusset-report.pdf P01', 'gusset-drawing.pdf P01'])],
    ])
    expect((await accounts.owner.fetch(`/files/${reportPath}`)).status).toBe(200)
    expect((await accounts.owner.fetch(`/files/${secondPath}`)).status).toBe(200)
  })
})
