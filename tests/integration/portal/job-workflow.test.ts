import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { formatDate } from '../../../lib/format'
import { jobQuotes, storedFiles } from '../../../server/db/schema'
import { userIdOf } from './support/accounts'
import { gqlData, type HttpClient } from './support/http-client'
import { pdfText } from './support/pdf-text'
import { portalWithAccounts } from './support/portal-with-accounts'
import { PDF_BYTES, tusUpload } from './support/tus-upload'

/**
 * A job from request to delivered results through the data API and the file endpoints: each move
 * allowed only from the right stage for the right side, quotes priced from the catalogue, the
 * deliverables hidden until release, the thread's unread counts, the quote PDF, and the mail each
 * side gets (and the optional ones a client turned off); once accepted, the job is kept (archived by
 * the consultancy, never deleted), and before that it is deleted whole; what the page offers (`can`)
 * is what the server then does.
 */
describe('job workflow', () => {
  const ownerEmail = 'jobs-owner@example.test'
  const adminEmail = 'jobs-admin@example.test'

  const errorOf = async (c: HttpClient, query: string, variables: Record<string, unknown> = {}) => (await c.gql(query, variables)).errors?.[0]?.message
  const newJob = async (name: string) => (await gqlData<{ createJobRequests: { id: string } }>(accounts.owner, 'mutation($j: String) { createJobRequests(input: { job: $j, reference: "PO-7" }) { id } }', { j: name })).createJobRequests.id
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  const SEND = 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id number status totalPence subtotalPence vatPence pdfUrl } }'
  const quoteInput = (validUntil = inDays(30)) => ({
    validUntil,
    lines: [
      { kind: 'service', service: 'fea', hours: 10 },
      { kind: 'course', course: 'CAD Fundamentals', days: 2 },
      { kind: 'free', description: 'Travel to site', amount: 120 },
    ],
  })
  const stageOf = async (id: string) => (await gqlData<{ getJobRequests: { status: string } }>(accounts.owner, 'query($id: ID!) { getJobRequests(id: $id) { status } }', { id })).getJobRequests.status
  /** A mail's text as the recipient reads it (quoted-printable decoded). */
  const textOf = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
  const mailsAbout = (to: string, subject: RegExp) => portal.smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject))
  const waitForMail = async (to: string, subject: RegExp, count = 1) => {
    const deadline = Date.now() + 15_000
    while (mailsAbout(to, subject).length < count) {
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; got ${portal.smtp.mails.filter((m) => m.to.includes(to)).map((m) => m.subject).join(' | ')}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    return mailsAbout(to, subject).at(-1)!
  }

  // The mails about a job are grouped per job and recipient, at most one per MAIL_GROUP_SECONDS (and
  // the client's wait that long for what follows): one second keeps this test's steps, each waiting
  // for its mail, in mails of their own.
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, QUOTE_VAT_PERCENT: '20', MAIL_GROUP_SECONDS: '1' }, { owner: ownerEmail, other: 'jobs-other@example.test', admin: adminEmail })

  it('runs a job from request to released results and closes it with a note, refusing every move made by the wrong side or from the wrong stage', async () => {
    const id = await newJob('Bracket FEA')
    expect(await stageOf(id)).toBe('pending')
    const requested = await waitForMail(adminEmail, /Bracket FEA \(PO-7\): new job request/)
    expect(textOf(requested.raw)).toContain(`/profile/jobs/${id}`)

    // Only the consultancy quotes, and only the job's client decides.
    expect(await errorOf(accounts.owner, SEND, { id, i: quoteInput() })).toBe('Unauthorized')
    const { sendQuote: quote } = await gqlData<{ sendQuote: { id: string; number: string; status: string; totalPence: number; subtotalPence: number; vatPence: number; pdfUrl: string } }>(accounts.admin, SEND, { id, i: quoteInput() })
    // FEA £80 × 10 h + CAD Fundamentals £450 × 2 days + £120 = £1,820; VAT 20 % = £364.
    expect(quote).toMatchObject({ status: 'sent', subtotalPence: 182_000, vatPence: 36_400, totalPence: 218_400 })
    expect(await stageOf(id)).toBe('quoted')
    const quoted = await waitForMail(ownerEmail, new RegExp(`quote ${quote.number}`))
    expect(textOf(quoted.raw)).toContain('£2,184.00 including VAT')

    expect(await errorOf(accounts.other, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })).toBe('Unauthorized')
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })).toBe('Unauthorized')
    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })).toBe('Unauthorized')
    expect((await gqlData<{ acceptQuote: { status: string } }>(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { status } }', { id })).acceptQuote.status).toBe('accepted')
    expect(await stageOf(id)).toBe('accepted')
    await waitForMail(adminEmail, new RegExp(`quote ${quote.number} accepted`))
    // A move the table does not have, even for the consultancy.
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "released") { id } }', { id })).toBe('A job that is accepted cannot move to released')

    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress", note: "Meshing today") { id } }', { id })
    await waitForMail(ownerEmail, /now in progress/)

    // Deliverables: the consultancy's to upload, hidden from the client until release.
    expect((await tusUpload(accounts.owner, PDF_BYTES, { filename: 'fake-report.pdf', kind: 'job-deliverables', jobRequestId: id })).status).toBe(403)
    const uploaded = await tusUpload(accounts.admin, PDF_BYTES, { filename: 'stress-report.pdf', kind: 'job-deliverables', jobRequestId: id })
    expect(uploaded.status).toBe(204)
    // The stored name is the server's; the name shown is the one uploaded.
    const deliverable = `/files/${uploaded.path}`
    // A file uploaded by mistake, taken back before the release (below).
    const wrong = await tusUpload(accounts.admin, PDF_BYTES, { filename: 'another-clients-drawing.pdf', kind: 'job-deliverables', jobRequestId: id })
    expect(wrong.status).toBe(204)
    expect((await accounts.owner.fetch(deliverable)).status).toBe(403)
    expect(await errorOf(accounts.owner, 'query($p: String!) { files(prefix: $p) { path } }', { p: `job-deliverables/${id}/` })).toBe('Unauthorized')
    expect((await gqlData<{ job: { deliverables: unknown } }>(accounts.owner, 'query($id: ID!) { job(id: $id) { deliverables { name } } }', { id })).job.deliverables).toBeNull()

    // The thread: unread counts for each side.
    await gqlData(accounts.admin, 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "First results look good.") { id } }', { id })
    const unread = async (c: HttpClient) => (await gqlData<{ getJobRequests: { unreadMessages: number } }>(c, 'query($id: ID!) { getJobRequests(id: $id) { unreadMessages } }', { id })).getJobRequests.unreadMessages
    expect(await unread(accounts.owner)).toBe(1)
    expect(await unread(accounts.admin)).toBe(0)
    await waitForMail(ownerEmail, /new message/)
    await gqlData(accounts.owner, 'mutation($id: ID!) { markJobRead(jobId: $id) }', { id })
    expect(await unread(accounts.owner)).toBe(0)
    const attachment = await tusUpload(accounts.owner, PDF_BYTES, { filename: 'load-case.pdf', kind: 'job-messages', jobRequestId: id })
    expect(attachment.status).toBe(204)
    const sent = await gqlData<{ postJobMessage: { files: { name: string }[] } }>(accounts.owner, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "Here is the second load case.", files: $f) { files { name } } }', { id, f: [attachment.path] })
    expect(sent.postJobMessage.files).toEqual([{ name: 'load-case.pdf' }])
    expect(await unread(accounts.admin)).toBe(1)
    await waitForMail(adminEmail, /new message from the client/)
    // A message cannot name a file outside its job's thread folder.
    expect(await errorOf(accounts.owner, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "x", files: $f) { id } }', { id, f: [`user-box/${await userIdOf(accounts.other)}/secret.pdf`] })).toBe("Files must be uploaded to this job's thread")
    expect(await errorOf(accounts.other, 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "Hello") { id } }', { id })).toBe('Unauthorized')

    // A deliverable uploaded by mistake is taken back by the consultancy before it is released; by nobody else.
    const remove = (c: HttpClient, path: string) => c.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'remove-deliverable', path }) })
    expect((await remove(accounts.owner, wrong.path!)).status).toBe(403)
    expect((await remove(accounts.other, wrong.path!)).status).toBe(403)
    // Only this job's deliverables: not the thread's files, nor another job's.
    expect((await remove(accounts.admin, attachment.path!)).status).toBe(400)
    expect((await remove(accounts.admin, `job-deliverables/${await newJob('Elsewhere')}/another-clients-drawing.pdf`)).status).toBe(400)
    expect((await remove(accounts.admin, wrong.path!)).status).toBe(200)
    expect((await accounts.admin.fetch(`/files/${wrong.path}`)).status).toBe(404)
    expect((await remove(accounts.admin, wrong.path!)).status).toBe(404)

    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_review") { id } }', { id })
    // Completing is not the consultancy's move before a release.
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed", note: "Done") { id } }', { id })).toBe('A job that is in review cannot move to completed')
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "released", note: "Final report attached") { id } }', { id })
    const released = await gqlData<{ getJobRequests: { status: string; completedAt: string | null; releasedAt: string } }>(accounts.owner, 'query($id: ID!) { getJobRequests(id: $id) { status completedAt releasedAt } }', { id })
    const today = new Date().toISOString().slice(0, 10)
    expect(released.getJobRequests).toEqual({ status: 'released', completedAt: null, releasedAt: today })
    // Moved twice within the window: the release may reach the client in one mail with the review.
    await expect.poll(() => portal.smtp.mails.some((m) => m.to.includes(ownerEmail) && /release 1 issued for review/i.test(`${m.subject}\n${textOf(m.raw)}`)), { timeout: 15_000 }).toBe(true)

    const download = await accounts.owner.fetch(deliverable)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF_BYTES)
    expect((await accounts.other.fetch(deliverable)).status).toBe(403)
    const view = await gqlData<{ job: { deliverables: { name: string }[]; timeline: { to: string; side: string; note: string | null }[] } }>(accounts.owner, 'query($id: ID!) { job(id: $id) { deliverables { name } timeline { to side note } } }', { id })
    expect(view.job.deliverables).toEqual([{ name: 'stress-report.pdf' }])
    // What was released is what the client got: nothing is added while the release waits, as the page offers no upload,
    // and an issued revision is never taken back.
    expect((await tusUpload(accounts.admin, PDF_BYTES, { filename: 'late-addition.pdf', kind: 'job-deliverables', jobRequestId: id })).status).toBe(403)
    expect((await remove(accounts.admin, uploaded.path!)).status).toBe(409)
    expect((await accounts.owner.fetch(deliverable)).status).toBe(200)
    expect(view.job.timeline.map((e) => e.to)).toEqual(['pending', 'quoted', 'accepted', 'in_progress', 'in_review', 'released'])

    // The client has not signed off: the consultancy closes the job, saying why (a note is required).
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed") { id } }', { id })).toBe('Say why the job is closed')
    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed", note: "We accept") { id } }', { id })).toBe('Unauthorized')
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed", note: "Accepted by the client on the phone") { id } }', { id })
    const closed = await gqlData<{ job: { job: { status: string; completedAt: string; releasedAt: string }; timeline: { to: string; side: string; note: string | null }[] } }>(accounts.owner, 'query($id: ID!) { job(id: $id) { job { status completedAt releasedAt } timeline { to side note } } }', { id })
    expect(closed.job.job).toEqual({ status: 'completed', completedAt: today, releasedAt: today })
    expect(closed.job.timeline.at(-1)).toEqual({ to: 'completed', side: 'consultancy', note: 'Accepted by the client on the phone' })
    // Completed, the client still reads what was released to it.
    expect((await accounts.owner.fetch(deliverable)).status).toBe(200)
    expect(view.job.timeline.find((e) => e.to === 'in_progress')).toMatchObject({ side: 'consultancy', note: 'Meshing today' })

    // The quote as a PDF: its client and the consultancy only.
    const pdf = await accounts.owner.fetch(quote.pdfUrl)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${quote.number}.pdf"`)
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(bytes)
    for (const words of ['Meshwork Engineering Ltd', 'QUOTATION', quote.number, 'Bracket FEA', 'Your reference: PO-7', 'FEA Analysis', '10 hours', '£80.00/hour', 'Training: CAD Fundamentals', 'Travel to site', 'VAT at 20%', '£2,184.00', ownerEmail]) {
      expect(text).toContain(words)
    }
    expect((await accounts.other.fetch(quote.pdfUrl)).status).toBe(403)
    expect((await accounts.admin.fetch(quote.pdfUrl)).status).toBe(200)

    // Accepted, worked on, released and completed: the consultancy's record. Nobody deletes it; the consultancy archives it.
    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })).toBe('Unauthorized')
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })).toBe('A job whose quote was accepted is kept as a record: archive it instead')
    type Can = { job: { can: { move: string[]; delete: boolean; archive: boolean; unarchive: boolean } } }
    const can = async (c: HttpClient) => (await gqlData<Can>(c, 'query($id: ID!) { job(id: $id) { can { move delete archive unarchive } } }', { id })).job.can
    expect(await can(accounts.owner)).toEqual({ move: [], delete: false, archive: false, unarchive: false })
    expect(await can(accounts.admin)).toEqual({ move: [], delete: false, archive: true, unarchive: false })
    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', { id })).toBe('Unauthorized')
    const archived = await gqlData<{ archiveJob: { archivedAt: string; acceptedAt: string } }>(accounts.admin, 'mutation($id: ID!) { archiveJob(jobId: $id) { archivedAt acceptedAt } }', { id })
    expect(archived.archiveJob).toEqual({ archivedAt: today, acceptedAt: today })
    expect(await can(accounts.admin)).toEqual({ move: [], delete: false, archive: false, unarchive: true })
    // Out of both sides' active lists, in their archived ones, and kept whole.
    const listed = async (c: HttpClient, archivedOnes: boolean) =>
      (await gqlData<{ listJobRequests: { id: string }[] }>(c, 'query($u: String, $a: Boolean) { listJobRequests(filter: { user: { eq: $u } }, archived: $a) { id } }', { u: await userIdOf(accounts.owner), a: archivedOnes })).listJobRequests.map((j) => j.id)
    for (const c of [accounts.owner, accounts.admin]) {
      expect(await listed(c, false)).not.toContain(id)
      expect(await listed(c, true)).toContain(id)
    }
    const dashboardList = (await (await accounts.owner.fetch('/profile/job-requests')).json()) as { jobRequests: { id: string; archived: boolean; canDelete: boolean }[] }
    expect(dashboardList.jobRequests.find((j) => j.id === id)).toMatchObject({ archived: true, canDelete: false })
    const kept = await gqlData<{ job: { quotes: unknown[]; timeline: unknown[]; messages: unknown[]; deliverables: unknown[] } }>(accounts.owner, 'query($id: ID!) { job(id: $id) { quotes { id } timeline { to } messages { id } deliverables { name } } }', { id })
    expect([kept.job.quotes.length, kept.job.timeline.length, kept.job.messages.length, kept.job.deliverables.length]).toEqual([1, 7, 2, 1])
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', { id })).toBe('This job is archived already')
    await gqlData(accounts.admin, 'mutation($id: ID!) { unarchiveJob(jobId: $id) { id } }', { id })
    expect(await listed(accounts.owner, false)).toContain(id)
    expect(await portal.server.ctx.db.select().from(storedFiles).where(sql`position(${id} in ${storedFiles.path}) > 0`)).toHaveLength(2)
  })

  it('refuses an expired quote, asks why a quote is declined, and lets the consultancy quote again', async () => {
    const id = await newJob('Manifold CFD')
    const { sendQuote: quote } = await gqlData<{ sendQuote: { id: string } }>(accounts.admin, SEND, { id, i: quoteInput(inDays(1)) })
    expect(await errorOf(accounts.admin, SEND, { id, i: quoteInput(inDays(-1)) })).toBe('The quote must be valid until today or later')
    await portal.server.ctx.db.update(jobQuotes).set({ validUntil: inDays(-1) }).where(eq(jobQuotes.id, quote.id))
    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })).toBe(`This quote expired on ${inDays(-1)}. Please ask us for a new one.`)
    expect(await stageOf(id)).toBe('quoted')

    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { declineQuote(jobId: $id, reason: "  ") { id } }', { id })).toBe('Say why you decline the quote')
    const declined = await gqlData<{ declineQuote: { status: string } }>(accounts.owner, 'mutation($id: ID!) { declineQuote(jobId: $id, reason: "Over our budget") { status } }', { id })
    expect(declined.declineQuote.status).toBe('declined')
    expect(await stageOf(id)).toBe('declined')
    expect(textOf((await waitForMail(adminEmail, /declined/)).raw)).toContain('Their reason: Over our budget')
    // Declined is not the end: a new quote reopens it, and the old one stays in the history.
    await gqlData(accounts.admin, SEND, { id, i: quoteInput() })
    const quotes = await gqlData<{ job: { quotes: { status: string }[] } }>(accounts.owner, 'query($id: ID!) { job(id: $id) { quotes { status } } }', { id })
    expect(quotes.job.quotes.map((q) => q.status)).toEqual(['sent', 'declined'])
    // The client may cancel before accepting; the consultancy may not move a cancelled job.
    await gqlData(accounts.owner, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "cancelled") { id } }', { id })
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })).toBe('A job that is cancelled cannot move to in progress')
  })

  it('sends a client who turned off job updates only the mail they must act on', async () => {
    const id = await newJob('Fixture CAM')
    await gqlData(accounts.admin, SEND, { id, i: quoteInput() })
    await waitForMail(ownerEmail, /Fixture CAM \(PO-7\): quote/)
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await gqlData(accounts.owner, 'mutation { setJobUpdateMails(enabled: false) }')
    const before = portal.smtp.mails.filter((m) => m.to.includes(ownerEmail) && m.subject.startsWith('Fixture CAM')).length
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    await gqlData(accounts.admin, 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "Started.") { id } }', { id })
    // Nothing to release yet: a release issues revisions of deliverables, and none was uploaded.
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "released") { id } }', { id })).toBe('Upload a revision of a deliverable before releasing')
    expect((await tusUpload(accounts.admin, PDF_BYTES, { filename: 'toolpaths.pdf', kind: 'job-deliverables', jobRequestId: id })).status).toBe(204)
    await gqlData(accounts.admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "released") { id } }', { id })
    await waitForMail(ownerEmail, /Fixture CAM \(PO-7\): release 1 issued for review/)
    // The outbox delivers in order of queueing: once the release mail is in, the others would be too.
    const after = portal.smtp.mails.filter((m) => m.to.includes(ownerEmail) && m.subject.startsWith('Fixture CAM')).map((m) => m.subject)
    expect(after.length - before).toBe(1)
    await gqlData(accounts.owner, 'mutation { setJobUpdateMails(enabled: true) }')
  })

  it('deletes a job never accepted with its quotes, thread files and deliverables, from either side, as the page offers', async () => {
    const id = await newJob('Trial fixture')
    await gqlData(accounts.admin, SEND, { id, i: quoteInput() })
    const note = await tusUpload(accounts.owner, PDF_BYTES, { filename: 'sketch.pdf', kind: 'job-messages', jobRequestId: id })
    await gqlData(accounts.owner, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "A sketch.", files: $f) { id } }', { id, f: [note.path] })
    expect((await tusUpload(accounts.admin, PDF_BYTES, { filename: 'draft.pdf', kind: 'job-deliverables', jobRequestId: id })).status).toBe(204)
    // Quoted: neither side deletes it yet (the client declines or withdraws it first); the consultancy may not archive it.
    const can = async (c: HttpClient) => (await gqlData<{ job: { can: { move: string[]; delete: boolean; archive: boolean } } }>(c, 'query($id: ID!) { job(id: $id) { can { move delete archive } } }', { id })).job.can
    expect(await can(accounts.owner)).toEqual({ move: ['cancelled'], delete: false, archive: false })
    expect(await errorOf(accounts.owner, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })).toBe('Unauthorized')
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })).toBe('A job that is quoted cannot be deleted: decline or cancel it first')
    expect(await errorOf(accounts.admin, 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', { id })).toBe('A job that is quoted cannot be archived: it is not finished')
    await gqlData(accounts.owner, 'mutation($id: ID!) { declineQuote(jobId: $id, reason: "Not this year") { id } }', { id })
    expect(await can(accounts.owner)).toEqual({ move: [], delete: true, archive: false })
    // The job page deletes it and sends the client back to the dashboard.
    const deleted = await accounts.owner.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'delete-job' }) })
    expect([deleted.status, deleted.headers.get('location')]).toEqual([302, '/profile'])
    const left = await portal.server.ctx.db.select().from(storedFiles)
    expect(left.filter((f) => f.path.includes(id))).toEqual([])
    expect(await errorOf(accounts.admin, 'query($id: ID!) { getJobRequests(id: $id) { id } }', { id })).toBe(`This job was withdrawn by the client on ${formatDate(new Date())}.`)
    expect(await errorOf(accounts.other, 'query($id: ID!) { getJobRequests(id: $id) { id } }', { id })).toBe('Job request not found')
  })
})
