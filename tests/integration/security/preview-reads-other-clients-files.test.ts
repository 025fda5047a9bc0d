import { beforeAll, describe, expect, it } from 'vitest'
import { glbOf, gltfTexturedCube, objCube, pngOfColour, stlCubeBinary } from '../../fixtures/cad-files'
import { signUpAndVerify, userIdOf } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PNG_1PX, tusUpload } from '../portal/support/tus-upload'

/**
 * The server's half of the attack in which a client's model names another client's files and the
 * consultancy previews it: the references a preview may read (`/files/{model}?reference={name}`) are
 * files the model's uploader uploaded beside it and may read, whoever asks; and a thumbnail, the
 * picture that preview would hand to the uploader, is refused for any model that names other files,
 * even when the request is forged rather than sent by the viewer.
 */
describe("a model's references reach only its uploader's own files, and such a model gets no thumbnail", () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test,former-admin@example.test' }, { alice: 'alice@example.test', bob: 'bob@example.test', admin: 'admin@example.test' })
  let guest: HttpClient
  let aliceId: string
  let bobId: string
  const secret = pngOfColour(230, 110, 20)

  const upload = async (as: HttpClient, ownerId: string, name: string, content: string | Buffer) => {
    const r = await tusUpload(as, Buffer.from(content), { filename: name, kind: 'user-box', ownerId })
    expect(r.status, r.body).toBe(204)
  }
  const reference = (as: HttpClient, model: string, name: string, owner = aliceId) => as.fetch(`/files/user-box/${owner}/${model}?reference=${encodeURIComponent(name)}`)
  const putThumbnail = (as: HttpClient, name: string) =>
    as.fetch(`/thumbnails/user-box/${aliceId}/${name}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG_1PX) })

  beforeAll(async () => {
    guest = new HttpClient(portal.url)
    ;[aliceId, bobId] = await Promise.all([userIdOf(accounts.alice), userIdOf(accounts.bob)])
    await upload(accounts.bob, bobId, 'private.png', secret)
    await upload(accounts.alice, aliceId, 'evil.gltf', gltfTexturedCube(10, [`../../user-box/${bobId}/private.png`]))
    await upload(accounts.alice, aliceId, 'part.gltf', gltfTexturedCube(10, ['part-texture.png', 'planted.png']))
    await upload(accounts.alice, aliceId, 'part-texture.png', pngOfColour(10, 200, 10))
    await upload(accounts.alice, aliceId, 'notes.txt', 'not a model')
    // A file the consultancy put in Alice's folder is not part of what Alice uploaded.
    await upload(accounts.admin, aliceId, 'planted.png', secret)
  })

  it("answers only a plain name of the model's folder, never a path out of it", async () => {
    for (const name of [`../../user-box/${bobId}/private.png`, `../${bobId}/private.png`, `/files/user-box/${bobId}/private.png`, `${portal.url}/files/user-box/${bobId}/private.png`, 'sub/private.png']) {
      const res = await reference(accounts.admin, 'evil.gltf', name)
      expect(res.status, name).toBe(400)
      expect(Buffer.from(await res.arrayBuffer()).includes(secret)).toBe(false)
    }
    // Bob's own file, asked for as a reference of Alice's model, by its name in Bob's folder.
    expect((await accounts.admin.fetch(`/files/user-box/${aliceId}/evil.gltf?reference=..%2F..%2Fuser-box%2F${bobId}%2Fprivate.png`)).status).toBe(400)
    expect((await reference(accounts.admin, 'notes.txt', 'part-texture.png')).status).toBe(400)
  })

  it("serves a file the model's uploader uploaded beside it, to whoever may read the model", async () => {
    for (const as of [accounts.alice, accounts.admin]) {
      const res = await reference(as, 'part.gltf', 'part-texture.png')
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer())).toEqual(pngOfColour(10, 200, 10))
    }
    expect((await reference(accounts.bob, 'part.gltf', 'part-texture.png')).status).toBe(403)
    expect((await reference(guest, 'part.gltf', 'part-texture.png')).status).toBe(401)
    expect((await reference(accounts.admin, 'part.gltf', 'missing.png')).status).toBe(404)
  })

  it('refuses a file of the same folder that someone else uploaded, even to the consultancy that did', async () => {
    for (const as of [accounts.alice, accounts.admin]) {
      const res = await reference(as, 'part.gltf', 'planted.png')
      expect(res.status).toBe(403)
      expect(Buffer.from(await res.arrayBuffer()).includes(secret)).toBe(false)
    }
  })

  it('refuses a file the uploader can no longer read, whoever previews the model', async () => {
    const former = await signUpAndVerify(portal, 'former-admin@example.test')
    await upload(former, bobId, 'bracket.gltf', gltfTexturedCube(10, ['bracket.png']))
    await upload(former, bobId, 'bracket.png', secret)
    expect((await reference(accounts.admin, 'bracket.gltf', 'bracket.png', bobId)).status).toBe(200)
    await portal.server.ctx.database.pool.query(`UPDATE "user" SET groups = '{}' WHERE email = 'former-admin@example.test'`)
    expect((await reference(accounts.admin, 'bracket.gltf', 'bracket.png', bobId)).status).toBe(403)
    expect((await reference(accounts.bob, 'bracket.gltf', 'bracket.png', bobId)).status).toBe(403)
  })

  it('refuses a thumbnail, even a forged one, for a model that names other files, and keeps one for a self-contained model', async () => {
    await upload(accounts.alice, aliceId, 'evil.obj', objCube(10, 'steel').replace('mtllib cube.mtl', `mtllib ../../user-box/${bobId}/private.mtl`))
    await upload(accounts.alice, aliceId, 'evil.glb', glbOf(gltfTexturedCube(10, [`/files/user-box/${bobId}/private.png`])))
    await upload(accounts.alice, aliceId, 'inline.gltf', gltfTexturedCube(10, [`data:image/png;base64,${secret.toString('base64')}`]))
    await upload(accounts.alice, aliceId, 'plain.obj', objCube(10))
    await upload(accounts.alice, aliceId, 'cube.stl', stlCubeBinary(10))
    for (const name of ['evil.gltf', 'part.gltf', 'evil.obj', 'evil.glb']) {
      for (const as of [accounts.admin, accounts.alice]) {
        const res = await putThumbnail(as, name)
        expect([name, res.status, await res.text()]).toEqual([name, 400, 'A model that names other files has no thumbnail'])
      }
      expect((await accounts.alice.fetch(`/thumbnails/user-box/${aliceId}/${name}`)).status).toBe(404)
    }
    for (const name of ['inline.gltf', 'plain.obj', 'cube.stl']) expect((await putThumbnail(accounts.alice, name)).status, name).toBe(204)
  })
})
