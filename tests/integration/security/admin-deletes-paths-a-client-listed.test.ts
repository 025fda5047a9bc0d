import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobRequests, storedFiles } from '../../../server/db/schema'
import { userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { encodeMetadata, PDF_BYTES, tusUpload } from '../portal/support/tus-upload'

/**
 * The admin as confused deputy: a client writes another client's document path into its own job
 * request's file list, then waits for an admin to delete the job. The admin's rights must never be
 * spent on paths the client chose: a job's files are the files of its own folder, job-files/{id}/.
 */
describe('a client cannot make an admin delete another client’s documents', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { clientA: 'a@example.test', clientB: 'b@example.test', admin: 'admin@example.test' })
  let bDocument: string
  const bBytes = Buffer.from('%PDF-1.4\n% client B private survey\n%%EOF\n')

  beforeAll(async () => {
    const uploaded = await tusUpload(accounts.clientB, bBytes, { filename: 'survey.pdf', kind: 'user-box' })
    expect(uploaded.status).toBe(204)
    bDocument = uploaded.path!
    expect(bDocument).toBe(`user-box/${await userIdOf(accounts.clientB)}/survey.pdf`)
  })

  const createJob = async (client: HttpClient, files = '[]') =>
    client.gql<{ createJobRequests: { id: string } }>('mutation($f: String) { createJobRequests(input: { job: "CFD", files: $f }) { id } }', { f: files })
  const filesOf = async (client: HttpClient, id: string) =>
    JSON.parse((await client.gql<{ getJobRequests: { files: string } }>('query($id: ID!) { getJobRequests(id: $id) { files } }', { id })).data!.getJobRequests.files) as string[]

  /** B's document is still there, byte for byte, for B. */
  async function expectBDocumentIntact() {
    const res = await accounts.clientB.fetch(`/files/${bDocument}`)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(bBytes)).toBe(true)
  }

  /** A job of client A with one file uploaded into its folder, and B's document in its stored list (as a row written before lists were checked). */
  async function jobListingBDocument() {
    expect((await tusUpload(accounts.clientB, bBytes, { filename: 'survey.pdf', kind: 'user-box' })).path).toBe(bDocument)
    const id = (await createJob(accounts.clientA)).data!.createJobRequests.id
    const own = await tusUpload(accounts.clientA, PDF_BYTES, { filename: 'plan.pdf', kind: 'job-files', jobRequestId: id })
    expect(own.status).toBe(204)
    await portal.server.ctx.db
      .update(jobRequests)
      .set({ files: JSON.stringify([own.path, bDocument]) })
      .where(eq(jobRequests.id, id))
    return { id, ownFile: own.path! }
  }

  /** The job's folder is gone from the listing's table, from the store, and from downloads. */
  async function expectJobFolderGone(id: string, ownFile: string) {
    const rows = await portal.server.ctx.db.select().from(storedFiles).where(sql`starts_with(${storedFiles.path}, ${`job-files/${id}/`})`)
    expect(rows).toEqual([])
    expect(existsSync(path.join(portal.dataDir, 'files', 'job-files', id))).toBe(false)
    expect((await accounts.admin.fetch(`/files/${ownFile}`)).status).toBe(404)
    const listed = await accounts.admin.gql('query($p: String!) { files(prefix: $p) { path } }', { p: `job-files/${id}/` })
    expect(listed.errors?.[0]?.message).toBe('Job request not found')
  }

  it('refuses a file list naming anything but the job’s own stored files, on create and on update (400, field error)', async () => {
    const created = await createJob(accounts.clientA, JSON.stringify([bDocument]))
    expect(created.data).toBeNull()
    expect(created.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect((created.errors?.[0]?.extensions as { fieldErrors?: Record<string, string[]> }).fieldErrors?.files?.[0]).toBe(
      'A new job request has no files yet: upload them once it is created',
    )

    const id = (await createJob(accounts.clientA)).data!.createJobRequests.id
    const own = await tusUpload(accounts.clientA, PDF_BYTES, { filename: 'plan.pdf', kind: 'job-files', jobRequestId: id })
    const otherJob = (await createJob(accounts.clientA)).data!.createJobRequests.id
    for (const files of [
      [bDocument],
      [own.path, bDocument],
      [`job-files/${otherJob}/plan.pdf`],
      [`job-files/${id}/../../${bDocument}`],
      [`job-files/${id}/`],
      [`job-files/${id}/never-uploaded.pdf`],
    ]) {
      const updated = await accounts.clientA.gql('mutation($id: ID!, $f: String!) { updateJobRequests(input: { id: $id, files: $f }) { files } }', { id, f: JSON.stringify(files) })
      expect(updated.errors?.[0]?.extensions?.code, JSON.stringify(files)).toBe('BAD_REQUEST')
      expect((updated.errors?.[0]?.extensions as { fieldErrors?: Record<string, string[]> }).fieldErrors?.files?.length).toBe(1)
    }
    // Also over the HTTP status a plain client sees.
    const res = await accounts.clientA.post('/graphql', { query: 'mutation($id: ID!, $f: String!) { updateJobRequests(input: { id: $id, files: $f }) { files } }', variables: { id, f: JSON.stringify([bDocument]) } })
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] }
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST')
    expect(await filesOf(accounts.clientA, id)).toEqual([own.path])
    // The job's own stored files are accepted (reordering, removing from the list).
    const fine = await accounts.clientA.gql<{ updateJobRequests: { files: string } }>('mutation($id: ID!, $f: String!) { updateJobRequests(input: { id: $id, files: $f }) { files } }', {
      id,
      f: JSON.stringify([]),
    })
    expect(fine.errors).toBeUndefined()
    expect(JSON.parse(fine.data!.updateJobRequests.files)).toEqual([])
    await expectBDocumentIntact()
  })

  it('shows only the job’s own folder as its files, even from a row whose list names other paths', async () => {
    const { id, ownFile } = await jobListingBDocument()
    expect(await filesOf(accounts.clientA, id)).toEqual([ownFile])
    expect(await filesOf(accounts.admin, id)).toEqual([ownFile])
  })

  it('an admin deleting the job from the dashboard removes the job’s folder and leaves B’s document alone', async () => {
    const { id, ownFile } = await jobListingBDocument()
    const res = await accounts.admin.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'delete-job-request', id }) })
    expect(res.status).toBe(200)
    expect((await accounts.admin.gql('query($id: ID!) { getJobRequests(id: $id) { id } }', { id })).errors?.[0]?.message).toMatch(/^This job was deleted by .+ on \d{1,2} \w{3} \d{4}\.$/)
    await expectBDocumentIntact()
    await expectJobFolderGone(id, ownFile)
  })

  it('an admin deleting the job through GraphQL removes the job’s folder and leaves B’s document alone', async () => {
    const { id, ownFile } = await jobListingBDocument()
    const deleted = await accounts.admin.gql<{ deleteJobRequests: { id: string } }>('mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })
    expect(deleted.errors).toBeUndefined()
    expect(deleted.data!.deleteJobRequests.id).toBe(id)
    await expectBDocumentIntact()
    await expectJobFolderGone(id, ownFile)
  })

  it('an upload still running when its job is deleted is refused when it finishes and leaves no file behind', async () => {
    const id = (await createJob(accounts.clientA)).data!.createJobRequests.id
    const created = await accounts.clientA.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(PDF_BYTES.length), 'upload-metadata': encodeMetadata({ filename: 'late.pdf', kind: 'job-files', jobRequestId: id }) },
    })
    expect(created.status).toBe(201)
    const deleted = await accounts.clientA.gql('mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })
    expect(deleted.errors).toBeUndefined()
    const finished = await accounts.clientA.fetch(created.headers.get('location')!, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(PDF_BYTES),
    })
    expect([403, 404]).toContain(finished.status)
    const rows = await portal.server.ctx.db.select().from(storedFiles).where(sql`starts_with(${storedFiles.path}, ${`job-files/${id}/`})`)
    expect(rows).toEqual([])
    expect(existsSync(path.join(portal.dataDir, 'files', 'job-files', id))).toBe(false)
  })
})
