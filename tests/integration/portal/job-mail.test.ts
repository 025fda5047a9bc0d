import { beforeAll, describe, expect, it } from 'vitest'
import { formatDate } from '../../../lib/format'
import { gqlData, HttpClient } from './support/http-client'
import { portalWithAccounts } from './support/portal-with-accounts'
import { PDF_BYTES, tusUpload } from './support/tus-upload'

/**
 * The mail a client can live with: what the consultancy does on one job within MAIL_GROUP_SECONDS
 * reaches the client as one mail; a deliverable uploaded is not mailed (the client has nothing new to
 * see until the results are released); and a job the client withdraws is mailed to the consultancy, whose page
 * then says what happened, to those who could see the job only.
 */
describe('job mail', () => {
  const WINDOW_SECONDS = 2
  let guest: HttpClient
  const ownerEmail = 'mail-owner@example.test'
  const adminEmail = 'mail-admin@example.test'

  const newJob = async (name: string) => (await gqlData<{ createJobRequests: { id: string } }>(accounts.owner, 'mutation($j: String) { createJobRequests(input: { job: $j, reference: "PO-9" }) { id } }', { j: name })).createJobRequests.id
  const quote = (id: string) => gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 4 }] }) { id } }', { id })
  const move = (id: string, to: string, note?: string) => gqlData(accounts.admin, 'mutation($id: ID!, $to: String!, $n: String) { moveJobStage(jobId: $id, to: $to, note: $n) { id } }', { id, to, n: note })
  const post = (c: HttpClient, id: string, body: string) => gqlData(c, 'mutation($id: ID!, $b: String) { postJobMessage(jobId: $id, body: $b) { id } }', { id, b: body })
  /** A mail's text as the recipient reads it (quoted-printable decoded). */
  const textOf = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
  const mailsTo = (to: string, about: string) => portal.smtp.mails.filter((m) => m.to.includes(to) && m.subject.startsWith(about))
  const waitForMails = async (to: string, about: string, count: number) => {
    await expect.poll(() => mailsTo(to, about).length, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(count)
    return mailsTo(to, about)
  }
  /** Long enough for any mail still held in the outbox to be sent. */
  const pastTheWindow = () => new Promise((r) => setTimeout(r, (WINDOW_SECONDS * 2 + 1.5) * 1000))

  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, MAIL_GROUP_SECONDS: String(WINDOW_SECONDS) }, { owner: ownerEmail, other: 'mail-other@example.test', admin: adminEmail })
  beforeAll(async () => {
    guest = new HttpClient(portal.url)
  })

  it("sends the client one mail for a stage change, its note and the messages that follow it, none for a deliverable uploaded, and the release on its own", async () => {
    const id = await newJob('Gusset FEA')
    const about = 'Gusset FEA (PO-9)'
    await quote(id)
    const [quoted] = await waitForMails(ownerEmail, about, 1)
    expect(quoted!.subject).toMatch(/^Gusset FEA \(PO-9\): quote Q-\d{6}$/)
    await gqlData(accounts.owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })

    // The consultancy starts the work, says why, and writes twice: the client gets one mail with all of it.
    await pastTheWindow()
    await move(id, 'in_progress', 'Meshing the gusset today')
    await post(accounts.admin, id, 'The first mesh is attached.')
    await post(accounts.admin, id, 'The second load case runs tonight.')
    const [, grouped] = await waitForMails(ownerEmail, about, 2)
    expect(grouped!.subject).toBe(`${about}: 3 updates`)
    const text = textOf(grouped!.raw)
    for (const words of ['1. Now in progress', 'Your job moved from accepted to in progress.', 'Note: Meshing the gusset today', '2. New message', 'The first mesh is attached.', '3. New message', 'The second load case runs tonight.', `/profile/jobs/${id}`]) {
      expect(text).toContain(words)
    }
    await pastTheWindow()
    expect(mailsTo(ownerEmail, about)).toHaveLength(2)

    // A deliverable uploaded: the client can see nothing new yet, so nothing is sent.
    const report = await tusUpload(accounts.admin, PDF_BYTES, { filename: 'gusset-report.pdf', kind: 'job-deliverables', jobRequestId: id })
    expect(report.status).toBe(204)
    await pastTheWindow()
    expect(mailsTo(ownerEmail, about)).toHaveLength(2)

    // Released: the deliverables are the client's to see, and the mail says so.
    await move(id, 'released')
    const [, , released] = await waitForMails(ownerEmail, about, 3)
    expect(released!.subject).toBe(`${about}: release 1 issued for review`)
    expect(textOf(released!.raw)).toContain('gusset-report.pdf: revision P01')
    expect((await accounts.owner.fetch(`/files/${report.path}`)).status).toBe(200)
  })

  it('mails the consultancy when the client withdraws a job, and its page says so to the client and the consultancy only', async () => {
    const id = await newJob('Bracket redesign')
    const about = 'Bracket redesign (PO-9)'
    await waitForMails(adminEmail, about, 1)
    const deleted = await accounts.owner.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'delete-job' }) })
    expect([deleted.status, deleted.headers.get('location')]).toEqual([302, '/profile'])

    const withdrawn = (await waitForMails(adminEmail, `${about}: withdrawn by the client`, 1))[0]!
    const text = textOf(withdrawn.raw)
    expect(text).toContain('The client withdrew this job request and deleted it, with its files and thread (it was pending).')
    expect(text).toContain(`/profile/jobs/${id}`)

    const said = `This job was withdrawn by the client on ${formatDate(new Date())}.`
    for (const c of [accounts.owner, accounts.admin]) {
      const res = await c.fetch(`/profile/jobs/${id}/view`)
      expect(res.status).toBe(410)
      expect(await res.json()).toEqual({ message: said })
      expect((await c.gql('query($id: ID!) { job(id: $id) { side } }', { id })).errors?.[0]).toMatchObject({ message: said, extensions: { code: 'GONE' } })
      // Acting on it says the same, and changes nothing.
      expect((await c.gql('mutation($id: ID!) { postJobMessage(jobId: $id, body: "Still there?") { id } }', { id })).errors?.[0]?.message).toBe(said)
    }
    // Another client learns nothing: not even that the id was a job.
    const stranger = await accounts.other.fetch(`/profile/jobs/${id}/view`)
    expect(stranger.status).toBe(404)
    expect(JSON.stringify(await stranger.json())).not.toMatch(/withdrawn|Bracket/)
    expect((await guest.fetch(`/profile/jobs/${id}/view`)).status).toBe(401)
  })

  it('says when the consultancy deleted a job, without mailing the consultancy about its own act', async () => {
    const id = await newJob('Spare enquiry')
    const about = 'Spare enquiry (PO-9)'
    await waitForMails(adminEmail, about, 1)
    await move(id, 'declined', 'Outside what we do')
    await gqlData(accounts.admin, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })
    const res = await accounts.owner.fetch(`/profile/jobs/${id}/view`)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({ message: `This job was deleted by Meshwork Engineering on ${formatDate(new Date())}.` })
    await pastTheWindow()
    expect(mailsTo(adminEmail, about)).toHaveLength(1)
  })
})
