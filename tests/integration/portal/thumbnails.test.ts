import { beforeAll, describe, expect, it } from 'vitest'
import { stlCubeBinary } from '../../fixtures/cad-files'
import { userIdOf } from './support/accounts'
import type { HttpClient } from './support/http-client'
import { portalWithAccounts } from './support/portal-with-accounts'
import { PDF_BYTES, PNG_1PX, pngOfSize, tusUpload } from './support/tus-upload'

describe('model thumbnails', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'thumbs-admin@example.test' }, { owner: 'thumbs@example.test', admin: 'thumbs-admin@example.test' })
  let ownerId: string
  const put = (path: string, body: Buffer) => accounts.owner.fetch(`/thumbnails/${path}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(body) })

  beforeAll(async () => {
    ownerId = await userIdOf(accounts.owner)
    for (const [name, bytes] of [
      ['bracket.stl', stlCubeBinary(10)],
      ['notes.pdf', PDF_BYTES],
    ] as const) {
      expect((await tusUpload(accounts.owner, bytes, { filename: name, kind: 'user-box', ownerId })).status).toBe(204)
    }
  })

  it('keeps a small PNG beside a model, lists it, and drops it when the file is replaced or deleted', async () => {
    const path = `user-box/${ownerId}/bracket.stl`
    expect((await put(path, PNG_1PX)).status).toBe(204)
    const got = await accounts.owner.fetch(`/thumbnails/${path}`)
    expect([got.status, got.headers.get('content-type')]).toEqual([200, 'image/png'])
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG_1PX)
    const listed = await (await accounts.owner.fetch('/profile/documents')).json()
    expect(listed.files.find((f: { name: string }) => f.name === 'bracket.stl').thumbnailUrl).toBe(`/thumbnails/${path}`)

    // A new upload under the same name is another model: its old picture goes.
    expect((await tusUpload(accounts.owner, stlCubeBinary(20), { filename: 'bracket.stl', kind: 'user-box', ownerId })).status).toBe(204)
    expect((await accounts.owner.fetch(`/thumbnails/${path}`)).status).toBe(404)

    expect((await put(path, PNG_1PX)).status).toBe(204)
    const deleted = await accounts.owner.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'delete-file', path }) })
    expect(deleted.status).toBe(200)
    const rows = await portal.server.ctx.database.pool.query('SELECT count(*)::int AS n FROM file_thumbnail')
    expect(rows.rows[0].n).toBe(0)
  })

  it('refuses anything but a small PNG of a model or drawing that exists', async () => {
    const model = `user-box/${ownerId}/bracket.stl`
    expect((await tusUpload(accounts.owner, stlCubeBinary(10), { filename: 'bracket.stl', kind: 'user-box', ownerId })).status).toBe(204)
    expect((await put(model, PDF_BYTES)).status).toBe(415)
    expect((await put(model, pngOfSize(4000, 10))).status).toBe(415)
    const tooLarge = await put(model, Buffer.concat([PNG_1PX, Buffer.alloc(300 * 1024)]))
    expect(tooLarge.status).toBe(413)
    // The rest of the body is not read: the connection closes after the answer, and the answer says so.
    expect(tooLarge.headers.get('connection')).toBe('close')
    expect((await put(`user-box/${ownerId}/notes.pdf`, PNG_1PX)).status).toBe(400)
    expect((await put(`user-box/${ownerId}/missing.stl`, PNG_1PX)).status).toBe(404)
    expect((await put(`user-box/${ownerId}/..%2F..%2Fpasswd.stl`, PNG_1PX)).status).toBe(400)
  })

  it("shows the pictures on a job's page: the client's documents take either side's, the deliverables only the consultancy's", async () => {
    const created = await accounts.owner.gql<{ createJobRequests: { id: string } }>('mutation { createJobRequests(input: { job: "Bracket FEA" }) { id } }')
    const id = created.data!.createJobRequests.id
    expect((await tusUpload(accounts.owner, stlCubeBinary(10), { filename: 'part.stl', kind: 'job-files', jobRequestId: id })).status).toBe(204)
    const uploaded = await tusUpload(accounts.admin, stlCubeBinary(10), { filename: 'result.stl', kind: 'job-deliverables', jobRequestId: id })
    expect(uploaded.status).toBe(204)
    type Files = { job: { files: { name: string; thumbnailUrl: string | null }[]; deliverables: { name: string; thumbnailUrl: string | null }[] | null } }
    const pictures = async (c: HttpClient) => (await c.gql<Files>('query($id: ID!) { job(id: $id) { files { name thumbnailUrl } deliverables { name thumbnailUrl } } }', { id })).data!.job
    expect(await pictures(accounts.admin)).toEqual({ files: [{ name: 'part.stl', thumbnailUrl: null }], deliverables: [{ name: 'result.stl', thumbnailUrl: null }] })

    const part = `job-files/${id}/part.stl`
    // A deliverable is stored under a name the server makes: its path is the upload's answer.
    const result = uploaded.path!
    const putAs = (c: HttpClient, path: string) => c.fetch(`/thumbnails/${path}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG_1PX) })
    expect((await putAs(accounts.owner, part)).status).toBe(204)
    expect((await putAs(accounts.owner, result)).status).toBe(403)
    expect((await pictures(accounts.owner)).files).toEqual([{ name: 'part.stl', thumbnailUrl: `/thumbnails/${part}` }])
    expect((await putAs(accounts.admin, result)).status).toBe(204)
    expect(await pictures(accounts.admin)).toEqual({ files: [{ name: 'part.stl', thumbnailUrl: `/thumbnails/${part}` }], deliverables: [{ name: 'result.stl', thumbnailUrl: `/thumbnails/${result}` }] })
    // The client sees neither the deliverable nor its picture before release.
    expect((await pictures(accounts.owner)).deliverables).toBeNull()
    expect((await accounts.owner.fetch(`/thumbnails/${result}`)).status).toBe(403)
  })
})
