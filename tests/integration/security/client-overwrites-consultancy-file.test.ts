import { beforeAll, describe, expect, it } from 'vitest'
import { userIdOf } from '../portal/support/accounts'
import { gqlData, type HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { encodeMetadata, tusUpload } from '../portal/support/tus-upload'

const pdf = (words: string) => Buffer.from(`%PDF-1.4\n% ${words}\n%%EOF\n`)

/**
 * Replacing the other side's file by uploading one of the same name: the client answered the
 * consultancy's drawing on the job's thread with its own "drawing.pdf", and the consultancy's message
 * then served the client's bytes. A thread file gets a name the server makes (its own name stays what
 * the thread shows and the download is called), and no upload, into any folder, replaces a stored
 * file another user uploaded: it is refused, saying why.
 */
describe("nobody replaces another user's file by uploading one of the same name", () => {
  const { accounts } = portalWithAccounts({ ADMIN_EMAILS: 'files-admin@example.test' }, { client: 'files-client@example.test', admin: 'files-admin@example.test' })
  let clientId: string
  const consultancyDrawing = pdf('the consultancy’s drawing, rev A')
  const clientDrawing = pdf('the client’s marked-up copy')

  const bytesOf = async (c: HttpClient, path: string) => {
    const res = await c.fetch(`/files/${path}`)
    expect(res.status).toBe(200)
    return { bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get('content-disposition') }
  }

  beforeAll(async () => {
    clientId = await userIdOf(accounts.client)
  })

  it("a thread file of the same name is the client's own file: the consultancy's message still serves the consultancy's drawing", async () => {
    const id = (await gqlData<{ createJobRequests: { id: string } }>(accounts.client, 'mutation { createJobRequests(input: { job: "Housing CAD" }) { id } }')).createJobRequests.id
    const theirs = await tusUpload(accounts.admin, consultancyDrawing, { filename: 'drawing.pdf', kind: 'job-messages', jobRequestId: id })
    expect(theirs.status).toBe(204)
    await gqlData(accounts.admin, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "Drawing rev A attached.", files: $f) { id } }', { id, f: [theirs.path] })

    const mine = await tusUpload(accounts.client, clientDrawing, { filename: 'drawing.pdf', kind: 'job-messages', jobRequestId: id })
    expect(mine.status).toBe(204)
    expect(mine.path).not.toBe(theirs.path)
    await gqlData(accounts.client, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "My mark-ups.", files: $f) { id } }', { id, f: [mine.path] })

    // Each message serves its own author's bytes, under the name its author gave it.
    type Thread = { job: { messages: { body: string; files: { name: string; path: string }[] }[] } }
    const thread = (await gqlData<Thread>(accounts.admin, 'query($id: ID!) { job(id: $id) { messages { body files { name path } } } }', { id })).job.messages
    expect(thread.map((m) => [m.body, m.files.map((f) => f.name)])).toEqual([
      ['Drawing rev A attached.', ['drawing.pdf']],
      ['My mark-ups.', ['drawing.pdf']],
    ])
    const consultancyFile = await bytesOf(accounts.admin, thread[0]!.files[0]!.path)
    expect(consultancyFile.bytes).toEqual(consultancyDrawing)
    expect(consultancyFile.disposition).toContain('filename="drawing.pdf"')
    expect((await bytesOf(accounts.client, thread[1]!.files[0]!.path)).bytes).toEqual(clientDrawing)
  })

  it("an upload into the client's documents under the name of a file the consultancy put there is refused, and the file stays", async () => {
    const survey = pdf('the consultancy’s site survey')
    const theirs = await tusUpload(accounts.admin, survey, { filename: 'site-survey.pdf', kind: 'user-box', ownerId: clientId })
    expect(theirs.status).toBe(204)
    const refused = await tusUpload(accounts.client, pdf('a forged survey'), { filename: 'site-survey.pdf', kind: 'user-box', ownerId: clientId })
    expect(refused).toMatchObject({ status: 409, body: 'A file named site-survey.pdf was uploaded by someone else: rename your file and upload it again' })
    expect((await bytesOf(accounts.client, theirs.path!)).bytes).toEqual(survey)
    // The same holds the other way, and for the job's documents.
    const own = await tusUpload(accounts.client, pdf('the client’s brief'), { filename: 'brief.pdf', kind: 'user-box', ownerId: clientId })
    expect(own.status).toBe(204)
    expect((await tusUpload(accounts.admin, pdf('a replacement brief'), { filename: 'brief.pdf', kind: 'user-box', ownerId: clientId })).status).toBe(409)
    const id = (await gqlData<{ createJobRequests: { id: string } }>(accounts.client, 'mutation { createJobRequests(input: { job: "Survey" }) { id } }')).createJobRequests.id
    expect((await tusUpload(accounts.admin, survey, { filename: 'spec.pdf', kind: 'job-files', jobRequestId: id })).status).toBe(204)
    expect((await tusUpload(accounts.client, pdf('another spec'), { filename: 'spec.pdf', kind: 'job-files', jobRequestId: id })).status).toBe(409)
    expect((await bytesOf(accounts.client, `job-files/${id}/spec.pdf`)).bytes).toEqual(survey)
  })

  it('an upload started before the other file existed is refused when it finishes, not stored over it', async () => {
    const bytes = pdf('the client’s late upload')
    const created = await accounts.client.fetch('/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata({ filename: 'loads.pdf', kind: 'user-box', ownerId: clientId }) },
    })
    expect(created.status).toBe(201)
    const loads = pdf('the consultancy’s load table')
    const theirs = await tusUpload(accounts.admin, loads, { filename: 'loads.pdf', kind: 'user-box', ownerId: clientId })
    expect(theirs.status).toBe(204)
    const finished = await accounts.client.fetch(created.headers.get('location')!, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    })
    expect([finished.status, await finished.text()]).toEqual([409, 'A file named loads.pdf was uploaded by someone else: rename your file and upload it again'])
    expect((await bytesOf(accounts.admin, theirs.path!)).bytes).toEqual(loads)
  })

  it('the uploader still replaces its own file', async () => {
    const first = await tusUpload(accounts.client, pdf('draft 1'), { filename: 'notes.pdf', kind: 'user-box', ownerId: clientId })
    const second = await tusUpload(accounts.client, pdf('draft 2'), { filename: 'notes.pdf', kind: 'user-box', ownerId: clientId })
    expect([first.status, second.status, second.path]).toEqual([204, 204, first.path])
    expect((await bytesOf(accounts.client, first.path!)).bytes).toEqual(pdf('draft 2'))
  })
})
