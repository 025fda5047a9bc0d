import { beforeAll, describe, expect, it } from 'vitest'
import { glbOf, gltfTexturedCube, objCube, pngOfColour } from '../../fixtures/cad-files'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import { hydrated, useDashboardEnv } from './dashboard-env'
import { drawnShare } from './drawn-share'
import type { SeededUser } from './seed'

/**
 * The attack: a client uploads a model whose references point at another client's files (a glTF
 * image `../../user-box/<other>/private.png`, an absolute `/files/...` address, an OBJ whose MTL
 * and texture climb out of the folder), waits for the consultancy to preview it, and reads the
 * thumbnail that preview would save. The viewer refuses those references without a request, says so,
 * still shows the model, and saves no thumbnail; a model's own files beside it and data: URIs still work.
 */
describe("a model previewed by the consultancy reads no other client's files", () => {
  const env = useDashboardEnv('preview-references', ['boss'])
  let alice: SeededUser
  let bob: SeededUser
  let boss: SeededUser
  const orange = pngOfColour(230, 110, 20)

  const upload = async (user: SeededUser, name: string, content: string | Buffer) => {
    const r = await tusUpload(env.http(user), Buffer.from(content), { filename: name, kind: 'user-box', ownerId: user.id })
    expect(r.status, r.body).toBe(204)
  }
  /** What Alice gets for her file's thumbnail: 404 while there is none. */
  const thumbnailStatus = async (name: string) => (await env.http(alice).fetch(`/thumbnails/user-box/${alice.id}/${name}`)).status

  /** Opens the preview of one of Alice's documents as `viewer`, noting every request the browser makes, and waits until it settled. */
  const preview = async (viewer: SeededUser, name: string) => {
    const { page, context } = await env.open(viewer, viewer === alice ? '/profile' : `/profile?client=${alice.id}`)
    const requests: string[] = []
    context.on('request', (request) => requests.push(request.url()))
    await hydrated(page)
    await page.getByRole('button', { name: `Preview ${name}` }).click()
    const dialog = page.getByRole('dialog', { name })
    await dialog.waitFor()
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"], [data-testid="preview-error"]'), undefined, { timeout: 60_000 })
    expect(await dialog.getByTestId('preview-error').count()).toBe(0)
    return { page, dialog, requests }
  }

  beforeAll(async () => {
    ;[alice, bob, boss] = await Promise.all([env.user('alice'), env.user('bob'), env.user('boss')])
    await upload(bob, 'private.png', orange)
    await upload(bob, 'private.mtl', 'newmtl steel\nKd 0.8 0.3 0.1\n')
    const bobsPicture = `../../user-box/${bob.id}/private.png`
    const evil = gltfTexturedCube(10, [bobsPicture, `/files/user-box/${bob.id}/private.png`, `${env.server.url}/files/user-box/${bob.id}/private.png`])
    await upload(alice, 'evil.gltf', evil)
    await upload(alice, 'evil.glb', glbOf(evil))
    await upload(alice, 'evil.obj', objCube(10, 'steel').replace('mtllib cube.mtl', `mtllib evil.mtl\nmtllib ../../user-box/${bob.id}/private.mtl`))
    await upload(alice, 'evil.mtl', `newmtl steel\nKd 0.8 0.3 0.1\nmap_Kd ${bobsPicture}\n`)
    await upload(alice, 'part.gltf', gltfTexturedCube(10, ['part-texture.png']))
    await upload(alice, 'part-texture.png', orange)
    await upload(alice, 'inline.gltf', gltfTexturedCube(10, [`data:image/png;base64,${orange.toString('base64')}`]))
  })

  it.each(['evil.gltf', 'evil.glb'])("refuses %s's images in another client's folder, by a relative path or an address, and keeps no thumbnail", async (name) => {
    const { page, dialog, requests } = await preview(boss, name)
    expect(requests.filter((url) => url.includes(bob.id))).toEqual([])
    expect(await thumbnailStatus(name)).toBe(404)
    // The cube is still shown, without the other client's orange picture on it, and the viewer says why.
    const { drawn, warm } = await drawnShare(page)
    expect(drawn).toBeGreaterThan(0.03)
    expect(warm).toBe(0)
    const refused = await dialog.getByTestId('preview-refused').textContent()
    for (const reference of [`../../user-box/${bob.id}/private.png`, `/files/user-box/${bob.id}/private.png`, `${env.server.url}/files/user-box/${bob.id}/private.png`]) {
      expect(refused).toContain(`${reference}: outside this model's folder`)
    }
  })

  it("refuses an OBJ's material library and an MTL's texture outside the folder, and keeps no thumbnail", async () => {
    const { page, dialog, requests } = await preview(boss, 'evil.obj')
    expect(requests.filter((url) => url.includes(bob.id))).toEqual([])
    expect(await thumbnailStatus('evil.obj')).toBe(404)
    const refused = await dialog.getByTestId('preview-refused').textContent()
    expect(refused).toContain(`../../user-box/${bob.id}/private.mtl: outside this model's folder`)
    expect(refused).toContain(`../../user-box/${bob.id}/private.png: outside this model's folder`)
    // Coloured by its own MTL, which the browser asked for as the model's reference.
    expect((await drawnShare(page)).warm).toBeGreaterThan(0.02)
    expect(requests.some((url) => url.endsWith(`/files/user-box/${alice.id}/evil.obj?reference=evil.mtl`))).toBe(true)
  })

  it('shows a glTF with its texture uploaded beside it by the same client, but keeps no thumbnail of it', async () => {
    const { page, dialog, requests } = await preview(boss, 'part.gltf')
    expect((await drawnShare(page)).warm).toBeGreaterThan(0.02)
    expect(await dialog.getByTestId('preview-refused').count()).toBe(0)
    expect(requests.some((url) => url.endsWith(`/files/user-box/${alice.id}/part.gltf?reference=part-texture.png`))).toBe(true)
    expect(await thumbnailStatus('part.gltf')).toBe(404)
  })

  it('shows a glTF whose texture is a data: URI, and keeps its thumbnail, since it read nothing else', async () => {
    const { page, dialog } = await preview(alice, 'inline.gltf')
    expect((await drawnShare(page)).warm).toBeGreaterThan(0.02)
    expect(await dialog.getByTestId('preview-refused').count()).toBe(0)
    expect(await thumbnailStatus('inline.gltf')).toBe(200)
  })
})
