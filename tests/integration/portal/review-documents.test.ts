import { beforeAll, describe, expect, it } from 'vitest'
import { certificateUrl, transmittalUrl } from '../../../lib/review-documents'
import { sql } from 'drizzle-orm'
import { jobRequests, outbox } from '../../../server/db/schema'
import { enqueueOutbox } from '../../../server/outbox/enqueue'
import { enqueueJobMail } from '../../../server/services/jobs/enqueue-job-mail'
import { transmittalAttachment } from '../../../server/mail/mail-message-schema'
import { companyIdOf, moveIntoCompany } from '../../setup/company-of'
import { userIdOf } from './support/accounts'
import { HttpClient } from './support/http-client'
import { pdfAttachmentOf } from './support/pdf-attachment'
import { pdfText } from './support/pdf-text'
import { portalWithAccounts } from './support/portal-with-accounts'
import { seedDecision, seedRelease, type SeededRevision } from './support/seed-review'

/**
 * A job's review documents: each release's transmittal (every revision it issued, with its code, file,
 * size and SHA-256, and to whom it was sent) and the certificate of the client's decisions, as PDFs
 * the job's company and the consultancy download, and the transmittal attached to the release's mail.
 */
describe('review documents', () => {
  const ownerEmail = 'review-owner@example.test'
  const memberEmail = 'review-member@example.test'
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'review-admin@example.test', MAIL_GROUP_SECONDS: '1' }, { owner: ownerEmail, member: memberEmail, other: 'review-other@example.test', admin: 'review-admin@example.test' })
  let guest: HttpClient
  let jobId: string
  let ownerId: string
  let companyId: string
  let adminId: string
  let first: SeededRevision[]
  let second: SeededRevision[]

  const download = async (c: HttpClient, url: string) => {
    const res = await c.fetch(url)
    return { res, pdf: Buffer.from(await res.arrayBuffer()) }
  }

  beforeAll(async () => {
    const db = portal.server.ctx.db
    guest = new HttpClient(portal.url)
    ownerId = await userIdOf(accounts.owner)
    adminId = await userIdOf(accounts.admin)
    companyId = await companyIdOf(db, ownerId)
    await moveIntoCompany(db, await userIdOf(accounts.member), companyId, 'member')
    const [job] = await db.insert(jobRequests).values({ user: ownerId, companyId, job: 'Gearbox housing FEA', reference: 'PO-4471', status: 'released', priority: '3', files: '[]', membership: 'true' }).returning()
    jobId = job!.id
  })

  it('has no transmittal before a release, and no certificate before a decision', async () => {
    expect((await accounts.member.fetch(transmittalUrl(jobId, 1))).status).toBe(404)
    first = await seedRelease(portal.server.ctx.db, {
      jobId,
      number: 1,
      releasedBy: adminId,
      recipients: [ownerEmail, memberEmail],
      documents: [
        { document: 'Stress report', fileName: 'stress-report.pdf' },
        { document: 'Mesh study', fileName: 'mesh-study.pdf' },
      ],
    })
    for (const c of [accounts.owner, accounts.member, accounts.admin]) {
      const res = await c.fetch(certificateUrl(jobId))
      expect([res.status, await res.text()]).toEqual([404, 'No revision has been decided on yet'])
    }
  })

  it("lets a company member download a release's transmittal naming each revision, its file, size and SHA-256, and who it was sent to", async () => {
    const { res, pdf } = await download(accounts.member, transmittalUrl(jobId, 1))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="T-${jobId.slice(0, 8).toUpperCase()}-01.pdf"`)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const lines = pdfText(pdf).split('\n')
    expect(lines).toContain(`T-${jobId.slice(0, 8).toUpperCase()}-01`)
    for (const words of ['Gearbox housing FEA', 'Client reference: PO-4471', 'Release 1', 'Issued by Meshwork Engineering', ownerEmail, memberEmail]) expect(lines).toContain(words)
    for (const r of first) {
      for (const words of [r.document, r.code, r.fileName, `${r.size.toLocaleString('en-GB')} bytes`, `SHA-256 ${r.sha256}`]) expect(lines).toContain(words)
    }
    expect(lines.filter((l) => l === 'Issued for review')).toHaveLength(2)
    // The same release gives the same document.
    expect((await download(accounts.owner, transmittalUrl(jobId, 1))).pdf.equals(pdf)).toBe(true)
  })

  it('lists each decision on the certificate, in order, with who, when, from where and the SHA-256 decided on', async () => {
    const db = portal.server.ctx.db
    const [stress, mesh] = first as [SeededRevision, SeededRevision]
    await seedDecision(db, jobId, stress, { decision: 'returned', comment: 'Load case 3 is missing', by: 'Olive Owner', byEmail: ownerEmail, ip: '203.0.113.7', at: new Date('2026-11-20T09:30:00Z') })
    await seedDecision(db, jobId, mesh, { decision: 'accepted', acceptedCode: 'C01', by: 'Olive Owner', byEmail: ownerEmail, ip: '203.0.113.7', at: new Date('2026-11-20T09:31:00Z') })
    second = await seedRelease(db, { jobId, number: 2, releasedBy: adminId, recipients: [ownerEmail], documents: [{ document: 'Stress report', fileName: 'stress-report-v2.pdf' }] })
    const [stress2] = second as [SeededRevision]
    await seedDecision(db, jobId, stress2, { decision: 'accepted_with_comments', acceptedCode: 'C01', comment: 'Fine; add the units to table 4', by: 'Olive Owner', byEmail: ownerEmail, ip: '198.51.100.2', at: new Date('2026-11-24T16:05:00Z') })

    const { res, pdf } = await download(accounts.member, certificateUrl(jobId))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="Certificate-${jobId.slice(0, 8).toUpperCase()}.pdf"`)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const text = pdfText(pdf)
    const inOrder = [
      'CERTIFICATE OF REVIEW',
      'Gearbox housing FEA',
      '1. Stress report',
      'Revision P01 (release 1)',
      'Returned with comments',
      'Load case 3 is missing',
      `Olive Owner <${ownerEmail}>`,
      '20 Nov 2026, 09:30 UTC',
      '203.0.113.7',
      stress.sha256,
      '2. Mesh study',
      'Revision P01, accepted as C01 (release 1)',
      'Accepted',
      mesh.sha256,
      '3. Stress report',
      'Revision P02, accepted as C01 (release 2)',
      'Accepted with comments',
      'Fine; add the units to table 4',
      '24 Nov 2026, 16:05 UTC',
      '198.51.100.2',
      stress2.sha256,
    ]
    let at = -1
    for (const words of inOrder) {
      const found = text.indexOf(words, at + 1)
      expect(found, words).toBeGreaterThan(at)
      at = found
    }

    // The second release's transmittal lists its own revision only.
    const lines = pdfText((await download(accounts.admin, transmittalUrl(jobId, 2))).pdf).split('\n')
    expect(lines).toContain(`SHA-256 ${stress2.sha256}`)
    expect(lines).toContain('P02')
    expect(lines).toContain('stress-report-v2.pdf')
    expect(lines).not.toContain(`SHA-256 ${stress.sha256}`)
    expect(lines).not.toContain('Mesh study')
  })

  it("refuses another company's client and a guest, and finds no release that is not there", async () => {
    for (const url of [transmittalUrl(jobId, 1), certificateUrl(jobId)]) {
      const other = await accounts.other.fetch(url)
      expect(other.status).toBe(403)
      expect(other.headers.get('content-type')).not.toBe('application/pdf')
      expect(await other.text()).not.toMatch(/Gearbox|Stress/)
      expect((await guest.fetch(url)).status).toBe(401)
    }
    expect((await accounts.owner.fetch(transmittalUrl(jobId, 3))).status).toBe(404)
    expect((await accounts.owner.fetch(`/profile/jobs/${jobId}/transmittals/first.pdf`)).status).toBe(404)
    expect((await accounts.owner.fetch(`/profile/jobs/not-a-job/certificate.pdf`)).status).toBe(404)
  })

  it("attaches a release's transmittal to its mail, rendered as the mail is sent", async () => {
    const db = portal.server.ctx.db
    const before = portal.smtp.mails.length
    await enqueueJobMail(db, {
      to: 'client',
      job: { id: jobId, user: ownerId, companyId, job: 'Gearbox housing FEA', reference: 'PO-4471' },
      what: 'results released',
      text: 'Release 1 of your job is ready for your review; its transmittal is attached.',
      actorId: adminId,
      attachments: [transmittalAttachment(jobId, 1)],
    })
    await expect.poll(() => portal.smtp.mails.slice(before).filter((m) => m.to.includes(ownerEmail)).length, { timeout: 15_000, interval: 50 }).toBe(1)
    const mail = portal.smtp.mails.slice(before).find((m) => m.to.includes(ownerEmail))!
    expect(mail.subject).toBe('Gearbox housing FEA (PO-4471): results released')
    const attachment = pdfAttachmentOf(mail.raw)
    expect(attachment.filename).toBe(`T-${jobId.slice(0, 8).toUpperCase()}-01.pdf`)
    expect(attachment.pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const lines = pdfText(attachment.pdf).split('\n')
    for (const r of first) for (const words of [r.document, r.code, r.fileName, `SHA-256 ${r.sha256}`]) expect(lines).toContain(words)
    // The same bytes as the download.
    expect(attachment.pdf.equals((await download(accounts.owner, transmittalUrl(jobId, 1))).pdf)).toBe(true)
  })

  it('gives up at once on a mail whose attachment names a release that is not there, sending nothing', async () => {
    const db = portal.server.ctx.db
    const subject = 'Gearbox housing FEA (PO-4471): release 9'
    await enqueueOutbox(db, { channel: 'mail', kind: 'job-client', payload: { to: ownerEmail, subject, text: 'Release 9', attachments: [transmittalAttachment(jobId, 9)] } })
    const row = () => db.select({ status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError }).from(outbox).where(sql`${outbox.payload}->>'subject' = ${subject}`)
    await expect.poll(async () => (await row())[0]?.status, { timeout: 15_000, interval: 100 }).toBe('dead')
    const [dead] = await row()
    expect(dead).toMatchObject({ attempts: 1, lastError: `no release 9 of job ${jobId} to attach its transmittal` })
    expect(portal.smtp.mails.filter((m) => m.subject === subject)).toEqual([])
  })
})
