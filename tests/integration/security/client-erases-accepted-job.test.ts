import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { storedFiles } from '../../../server/db/schema'
import { gqlData, type HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PDF_BYTES, tusUpload } from '../portal/support/tus-upload'

/**
 * A client who accepted a quote deletes the job: the accepted quote, the timeline, the thread and the
 * consultancy's deliverables would go with it. Once a quote is accepted the job is the consultancy's
 * record: no entry point lets the client delete it (nor withdraw it), whatever stage it reaches
 * later, cancelled included. Before acceptance the client still deletes its own request.
 */
describe('a client cannot erase a job whose quote it accepted', () => {
  const reportBytes = Buffer.from('%PDF-1.4\n% the consultancy’s stress report\n%%EOF\n')

  const newJob = async () => (await gqlData<{ createJobRequests: { id: string } }>(accounts.client, 'mutation { createJobRequests(input: { job: "Bracket FEA" }) { id } }')).createJobRequests.id
  const quote = (id: string) =>
    gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 4 }] }) { id } }', { id })
  const move = (c: HttpClient, id: string, to: string, note?: string) => c.gql('mutation($id: ID!, $to: String!, $n: String) { moveJobStage(jobId: $id, to: $to, note: $n) { status } }', { id, to, n: note })

  /** An accepted job in progress, with a thread message and file and a deliverable from the consultancy. */
  async function acceptedJobWithRecord() {
    const id = await newJob()
    await quote(id)
    await gqlData(accounts.client, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    expect((await move(accounts.admin, id, 'in_progress')).errors).toBeUndefined()
    const attachment = await tusUpload(accounts.admin, PDF_BYTES, { filename: 'mesh-plan.pdf', kind: 'job-messages', jobRequestId: id })
    expect(attachment.status).toBe(204)
    await gqlData(accounts.admin, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "Meshing started.", files: $f) { id } }', { id, f: [attachment.path] })
    const deliverable = await tusUpload(accounts.admin, reportBytes, { filename: 'stress-report.pdf', kind: 'job-deliverables', jobRequestId: id })
    expect(deliverable.status).toBe(204)
    return { id, deliverable: deliverable.path! }
  }

  /** Every way the client could ask for the job to go: the data API, the dashboard's form, the job page's form. */
  async function clientTriesToErase(id: string) {
    const viaGraphql = await accounts.client.gql('mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })
    const viaDashboard = await accounts.client.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'delete-job-request', id }) })
    const viaJobPage = await accounts.client.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'delete-job' }) })
    return { graphql: viaGraphql.errors?.[0]?.message, dashboard: viaDashboard.status, jobPage: viaJobPage.status }
  }

  /** The consultancy still has the whole record: the accepted quote, every move, the thread and the deliverable. */
  async function expectRecordKept(id: string, deliverable: string, stages: string[]) {
    type View = { job: { job: { status: string }; quotes: { status: string }[]; timeline: { to: string }[]; messages: { body: string; files: { name: string }[] }[]; deliverables: { name: string }[] } }
    const view = await gqlData<View>(accounts.admin, 'query($id: ID!) { job(id: $id) { job { status } quotes { status } timeline { to } messages { body files { name } } deliverables { name } } }', { id })
    expect(view.job.quotes.map((q) => q.status)).toEqual(['accepted'])
    expect(view.job.timeline.map((e) => e.to)).toEqual(stages)
    expect(view.job.messages).toEqual([{ body: 'Meshing started.', files: [{ name: 'mesh-plan.pdf' }] }])
    expect(view.job.deliverables).toEqual([{ name: 'stress-report.pdf' }])
    const download = await accounts.admin.fetch(`/files/${deliverable}`)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer())).toEqual(reportBytes)
    const files = await portal.server.ctx.db.select({ path: storedFiles.path }).from(storedFiles).where(sql`position(${id} in ${storedFiles.path}) > 0`)
    expect(files).toHaveLength(2)
  }

  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'erase-admin@example.test' }, { client: 'erase-client@example.test', admin: 'erase-admin@example.test' })

  it('the job, its accepted quote, timeline, thread and deliverables survive every attempt to delete or withdraw it', async () => {
    const { id, deliverable } = await acceptedJobWithRecord()
    expect(await clientTriesToErase(id)).toEqual({ graphql: 'Unauthorized', dashboard: 403, jobPage: 403 })
    expect((await move(accounts.client, id, 'cancelled')).errors?.[0]?.message).toBe('Unauthorized')
    await expectRecordKept(id, deliverable, ['pending', 'quoted', 'accepted', 'in_progress'])
  })

  it('a job the consultancy cancelled after acceptance is still kept', async () => {
    const { id, deliverable } = await acceptedJobWithRecord()
    expect((await move(accounts.admin, id, 'cancelled')).errors).toBeUndefined()
    expect(await clientTriesToErase(id)).toEqual({ graphql: 'Unauthorized', dashboard: 403, jobPage: 403 })
    await expectRecordKept(id, deliverable, ['pending', 'quoted', 'accepted', 'in_progress', 'cancelled'])
  })

  it('a released job is kept too, and completed, and the job page offers the client nothing that would erase it', async () => {
    const { id, deliverable } = await acceptedJobWithRecord()
    const abilities = async () => (await gqlData<{ job: { can: { delete: boolean; move: string[] } } }>(accounts.client, 'query($id: ID!) { job(id: $id) { can { delete move } } }', { id })).job.can
    expect((await move(accounts.admin, id, 'released')).errors).toBeUndefined()
    expect(await clientTriesToErase(id)).toEqual({ graphql: 'Unauthorized', dashboard: 403, jobPage: 403 })
    await expectRecordKept(id, deliverable, ['pending', 'quoted', 'accepted', 'in_progress', 'released'])
    expect(await abilities()).toEqual({ delete: false, move: [] })
    expect((await move(accounts.admin, id, 'completed', 'Accepted by the client on the phone')).errors).toBeUndefined()
    expect(await clientTriesToErase(id)).toEqual({ graphql: 'Unauthorized', dashboard: 403, jobPage: 403 })
    await expectRecordKept(id, deliverable, ['pending', 'quoted', 'accepted', 'in_progress', 'released', 'completed'])
    expect(await abilities()).toEqual({ delete: false, move: [] })
  })

  it('before acceptance the client still deletes its own request', async () => {
    const pending = await newJob()
    expect((await accounts.client.gql('mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id: pending })).errors).toBeUndefined()
    const declined = await newJob()
    await quote(declined)
    await gqlData(accounts.client, 'mutation($id: ID!) { declineQuote(jobId: $id, reason: "Over budget") { id } }', { id: declined })
    expect((await accounts.client.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'delete-job-request', id: declined }) })).status).toBe(200)
    const gone = await accounts.admin.gql('query($id: ID!) { getJobRequests(id: $id) { id } }', { id: declined })
    // Gone, and the consultancy is told what happened to it.
    expect(gone.errors?.[0]?.message).toMatch(/^This job was withdrawn by the client on \d{1,2} \w{3} \d{4}\.$/)
  })
})
