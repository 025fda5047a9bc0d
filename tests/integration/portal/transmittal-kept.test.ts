import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { transmittalFileName, transmittalUrl } from '../../../lib/review-documents'
import { companies, deliverableRevisions, jobReleases, jobRequests, outbox } from '../../../server/db/schema'
import { companyIdOf } from '../../setup/company-of'
import { userIdOf } from './support/accounts'
import { gqlData, type HttpClient } from './support/http-client'
import { pdfAttachmentOf } from './support/pdf-attachment'
import { pdfText } from './support/pdf-text'
import { portalWithAccounts } from './support/portal-with-accounts'
import { seedRelease } from './support/seed-review'
import { PDF_BYTES, tusUpload } from './support/tus-upload'

/**
 * A release's transmittal is kept on the job as it was issued: its bytes are stored with the release,
 * the download gives them and the mail attaches them, so renaming the job or the company afterwards
 * changes neither. A release whose transmittal cannot be stored is not made. A release made before
 * transmittals were kept has none stored: its transmittal is rendered when asked for.
 */
describe('a release keeps its transmittal', () => {
  const ownerEmail = 'kept-owner@example.test'
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'kept-admin@example.test', MAIL_GROUP_SECONDS: '1' }, { owner: ownerEmail, admin: 'kept-admin@example.test' })
  let ownerId = ''
  let companyId = ''

  const download = async (c: HttpClient, url: string) => {
    const res = await c.fetch(url)
    expect(res.status).toBe(200)
    return Buffer.from(await res.arrayBuffer())
  }
  const move = (jobId: string, to: string) => accounts.admin.gql('mutation($id: ID!, $to: String!) { moveJobStage(jobId: $id, to: $to) { id status } }', { id: jobId, to })
  /** The owner's mails that carry the job's first transmittal (the release's news, maybe grouped with the job's others). */
  const transmittalMails = (jobId: string) => portal.smtp.mails.filter((m) => m.to.includes(ownerEmail) && m.raw.includes(transmittalFileName(jobId, 1)))

  /** A job of the owner's company, worked on, with a deliverable uploaded and waiting to be released. */
  async function jobReadyToRelease(name: string): Promise<string> {
    const { createJobRequests } = await gqlData<{ createJobRequests: { id: string } }>(accounts.admin, 'mutation($u: ID, $j: String) { createJobRequests(input: { user: $u, job: $j }) { id } }', { u: ownerId, j: name })
    const id = createJobRequests.id
    await gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "cad", hours: 1 }] }) { id } }', { id })
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    const uploaded = await tusUpload(accounts.admin, PDF_BYTES, { filename: 'bracket-report.pdf', kind: 'job-deliverables', jobRequestId: id })
    expect(uploaded.status, uploaded.body).toBe(204)
    return id
  }

  beforeAll(async () => {
    ownerId = await userIdOf(accounts.owner)
    companyId = await companyIdOf(portal.server.ctx.db, ownerId)
    await portal.server.ctx.db.update(companies).set({ name: 'Moss Fabrication Ltd' }).where(eq(companies.id, companyId))
  })

  it('gives the transmittal as issued, the same bytes as its mail, after the job and the company are renamed', async () => {
    const { db } = portal.server.ctx
    const jobId = await jobReadyToRelease('Bracket FEA')
    const released = await move(jobId, 'released')
    expect(released.errors).toBeUndefined()
    await expect.poll(() => transmittalMails(jobId).length, { timeout: 15_000, interval: 50 }).toBe(1)
    const mailed = pdfAttachmentOf(transmittalMails(jobId)[0]!.raw).pdf

    // Renamed afterwards: the job by the consultancy, the company by its owner.
    await db.update(jobRequests).set({ job: 'Bracket FEA (revised scope)' }).where(eq(jobRequests.id, jobId))
    await db.update(companies).set({ name: 'Moss Group plc' }).where(eq(companies.id, companyId))

    const downloaded = await download(accounts.owner, transmittalUrl(jobId, 1))
    expect(downloaded.equals(mailed)).toBe(true)
    const text = pdfText(downloaded)
    expect(text).toContain('Bracket FEA')
    expect(text).toContain('Moss Fabrication Ltd')
    expect(text).not.toContain('revised scope')
    expect(text).not.toContain('Moss Group plc')
    // Kept with the release, and kept as it is: the database refuses to change it.
    const [kept] = await db.select({ pdf: jobReleases.transmittalPdf }).from(jobReleases).where(and(eq(jobReleases.jobId, jobId), eq(jobReleases.number, 1)))
    expect(kept!.pdf!.equals(downloaded)).toBe(true)
    await expect(db.update(jobReleases).set({ transmittalPdf: Buffer.from('%PDF-forged') }).where(eq(jobReleases.jobId, jobId))).rejects.toThrow()
    await db.update(companies).set({ name: 'Moss Fabrication Ltd' }).where(eq(companies.id, companyId))
  })

  it('makes no release when its transmittal cannot be stored: nothing issued, nothing mailed, the job still in progress', async () => {
    const { db } = portal.server.ctx
    const jobId = await jobReadyToRelease('Hinge FEA')
    // Storing the transmittal fails for this job (as a full disk or a lost connection would).
    await db.execute(sql.raw(`CREATE FUNCTION refuse_storing_a_transmittal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.job_id = '${jobId}' AND NEW.transmittal_pdf IS NOT NULL THEN RAISE EXCEPTION 'no room to store the transmittal'; END IF;
        RETURN NEW;
      END; $$`))
    await db.execute(sql.raw('CREATE TRIGGER refuse_storing_a_transmittal BEFORE UPDATE ON job_release FOR EACH ROW EXECUTE FUNCTION refuse_storing_a_transmittal()'))
    try {
      const refused = await move(jobId, 'released')
      expect(refused.errors?.length).toBe(1)
      const [job] = await db.select({ status: jobRequests.status }).from(jobRequests).where(eq(jobRequests.id, jobId))
      expect(job!.status).toBe('in_progress')
      expect(await db.select().from(jobReleases).where(eq(jobReleases.jobId, jobId))).toEqual([])
      const revisions = await db.select({ code: deliverableRevisions.code, releaseId: deliverableRevisions.releaseId }).from(deliverableRevisions).where(eq(deliverableRevisions.jobId, jobId))
      expect(revisions).toEqual([{ code: null, releaseId: null }])
      const queued = await db.select({ subject: sql<string>`${outbox.payload}->>'subject'` }).from(outbox).where(sql`${outbox.payload}->>'subject' LIKE 'Hinge FEA%'`)
      expect(queued.filter((m) => m.subject.includes('release'))).toEqual([])
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_storing_a_transmittal ON job_release'))
      await db.execute(sql.raw('DROP FUNCTION refuse_storing_a_transmittal()'))
    }
    // Once it can be stored, the same release is made, as release 1.
    expect((await move(jobId, 'released')).errors).toBeUndefined()
    expect(pdfText(await download(accounts.owner, transmittalUrl(jobId, 1)))).toContain('Hinge FEA')
  })

  it('renders the transmittal of a release made before transmittals were kept, with the job as it is named now', async () => {
    const { db } = portal.server.ctx
    const [job] = await db.insert(jobRequests).values({ user: ownerId, companyId, job: 'Gusset FEA', status: 'released', priority: '3', files: '[]', membership: 'true' }).returning()
    const [revision] = await seedRelease(db, { jobId: job!.id, number: 1, recipients: [ownerEmail], documents: [{ document: 'Gusset report', fileName: 'gusset-report.pdf' }] })
    const [release] = await db.select({ pdf: jobReleases.transmittalPdf }).from(jobReleases).where(eq(jobReleases.jobId, job!.id))
    expect(release!.pdf).toBeNull()
    // Rendered now, with the job as it is named today.
    await db.update(jobRequests).set({ job: 'Gusset FEA, second loads' }).where(eq(jobRequests.id, job!.id))
    const downloaded = await download(accounts.owner, transmittalUrl(job!.id, 1))
    const lines = pdfText(downloaded).split('\n')
    expect(lines.join('\n')).toContain('Gusset FEA, second loads')
    for (const words of [revision!.document, revision!.code, revision!.fileName, `SHA-256 ${revision!.sha256}`]) expect(lines).toContain(words)
  })
})
