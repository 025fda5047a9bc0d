import { beforeAll, describe, expect, it } from 'vitest'
import { stlCubeBinary } from '../../fixtures/cad-files'
import { userIdOf } from '../portal/support/accounts'
import { gqlData, type HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { pngOfSize, tusUpload } from '../portal/support/tus-upload'

/**
 * Replacing the picture of the other side's file: the client could write the job thread's folder, so
 * it could also put its own picture on the model the consultancy attached there, and everyone saw it.
 * A file's picture is set by the person who uploaded the file, or by the consultancy; anyone else who
 * may read the file only reads its picture, and the page does not try to save one for them.
 */
describe("a client cannot replace the picture of the consultancy's file", () => {
  const { accounts } = portalWithAccounts({ ADMIN_EMAILS: 'thumb-admin@example.test' }, { client: 'thumb-client@example.test', admin: 'thumb-admin@example.test' })
  let clientId: string
  const consultancyPicture = pngOfSize(64)
  const clientPicture = pngOfSize(32)

  const put = (c: HttpClient, path: string, png: Buffer) => c.fetch(`/thumbnails/${path}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) })
  const pictureOf = async (c: HttpClient, path: string) => {
    const res = await c.fetch(`/thumbnails/${path}`)
    expect(res.status).toBe(200)
    return Buffer.from(await res.arrayBuffer())
  }

  beforeAll(async () => {
    clientId = await userIdOf(accounts.client)
  })

  it("the model the consultancy sent on the thread keeps the consultancy's picture", async () => {
    const id = (await gqlData<{ createJobRequests: { id: string } }>(accounts.client, 'mutation { createJobRequests(input: { job: "Bracket FEA" }) { id } }')).createJobRequests.id
    const model = await tusUpload(accounts.admin, stlCubeBinary(10), { filename: 'bracket.stl', kind: 'job-messages', jobRequestId: id })
    expect(model.status).toBe(204)
    await gqlData(accounts.admin, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "Model attached.", files: $f) { id } }', { id, f: [model.path] })
    expect((await put(accounts.admin, model.path!, consultancyPicture)).status).toBe(204)

    expect((await put(accounts.client, model.path!, clientPicture)).status).toBe(403)
    expect(await pictureOf(accounts.client, model.path!)).toEqual(consultancyPicture)
    // The page asks to save a picture only where it may: not for the client, on the consultancy's file.
    type Files = { job: { messages: { files: { canSetThumbnail: boolean }[] }[] } }
    expect((await gqlData<Files>(accounts.client, 'query($id: ID!) { job(id: $id) { messages { files { canSetThumbnail } } } }', { id })).job.messages[0]!.files).toEqual([{ canSetThumbnail: false }])
    expect((await gqlData<Files>(accounts.admin, 'query($id: ID!) { job(id: $id) { messages { files { canSetThumbnail } } } }', { id })).job.messages[0]!.files).toEqual([{ canSetThumbnail: true }])
  })

  it("a model the consultancy put in the client's documents keeps the consultancy's picture", async () => {
    const model = await tusUpload(accounts.admin, stlCubeBinary(12), { filename: 'fixture.stl', kind: 'user-box', ownerId: clientId })
    expect(model.status).toBe(204)
    expect((await put(accounts.admin, model.path!, consultancyPicture)).status).toBe(204)
    expect((await put(accounts.client, model.path!, clientPicture)).status).toBe(403)
    expect(await pictureOf(accounts.client, model.path!)).toEqual(consultancyPicture)
    const listed = (await (await accounts.client.fetch('/profile/documents')).json()) as { files: { name: string; canSetThumbnail: boolean }[] }
    expect(listed.files.find((f) => f.name === 'fixture.stl')?.canSetThumbnail).toBe(false)
  })

  it("the client sets the picture of its own model, and the consultancy may too", async () => {
    const model = await tusUpload(accounts.client, stlCubeBinary(14), { filename: 'own.stl', kind: 'user-box', ownerId: clientId })
    expect(model.status).toBe(204)
    expect((await put(accounts.client, model.path!, clientPicture)).status).toBe(204)
    expect(await pictureOf(accounts.admin, model.path!)).toEqual(clientPicture)
    expect((await put(accounts.admin, model.path!, consultancyPicture)).status).toBe(204)
    expect(await pictureOf(accounts.client, model.path!)).toEqual(consultancyPicture)
  })
})
