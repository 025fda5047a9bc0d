import { beforeAll, describe, expect, it } from 'vitest'
import { MODEL_BOX_HEADER } from '../../../lib/model-box'
import { objCube, stlCubeAscii, stlCubeBinary, stlFineBox } from '../../fixtures/cad-files'
import { portalWithAccounts } from './support/portal-with-accounts'
import { tusUpload } from './support/tus-upload'

/**
 * A binary STL's box and triangle count, read from its bytes when its upload completes, come with its
 * download (and only with a download its reader may make), so the viewer frames the whole model and
 * draws it as it arrives; they are renewed when the file is replaced.
 */
describe("a binary STL's box with its download", () => {
  const { accounts, ids } = portalWithAccounts({}, { client: 'box-client@example.test', other: 'box-other@example.test' })
  const upload = async (name: string, bytes: Buffer | string) => {
    const r = await tusUpload(accounts.client, Buffer.from(bytes), { filename: name, kind: 'user-box', ownerId: ids.client })
    expect(r.status, r.body).toBe(204)
  }
  const download = (as: 'client' | 'other', name: string, method = 'GET') => accounts[as].fetch(`/files/user-box/${ids.client}/${name}`, { method })

  beforeAll(async () => {
    await upload('cube.stl', stlCubeBinary(10))
    await upload('ascii.stl', stlCubeAscii(10))
    await upload('cube.obj', objCube(10))
  })

  it('sends the box of a binary STL, min x y z, max x y z and the triangle count, with GET and HEAD', async () => {
    const got = await download('client', 'cube.stl')
    expect(got.status).toBe(200)
    expect(got.headers.get(MODEL_BOX_HEADER)).toBe('0,0,0,10,10,10,12')
    expect(Buffer.from(await got.arrayBuffer())).toEqual(stlCubeBinary(10))
    expect((await download('client', 'cube.stl', 'HEAD')).headers.get(MODEL_BOX_HEADER)).toBe('0,0,0,10,10,10,12')
  })

  it('sends none for an ASCII STL or any other model, nor to a reader the file is refused to', async () => {
    for (const name of ['ascii.stl', 'cube.obj']) {
      const got = await download('client', name)
      expect(got.status).toBe(200)
      expect(got.headers.get(MODEL_BOX_HEADER)).toBeNull()
    }
    const refused = await download('other', 'cube.stl')
    expect(refused.status).toBe(403)
    expect(refused.headers.get(MODEL_BOX_HEADER)).toBeNull()
  })

  it('renews the box when the file is replaced, and drops it when the new file is not a binary STL', async () => {
    await upload('cube.stl', stlFineBox([100, 50, 20], 2.5))
    const triangles = 4 * (100 * 50 + 100 * 20 + 50 * 20) / 2.5 ** 2
    expect((await download('client', 'cube.stl', 'HEAD')).headers.get(MODEL_BOX_HEADER)).toBe(`0,0,0,100,50,20,${triangles}`)
    await upload('cube.stl', stlCubeAscii(10))
    expect((await download('client', 'cube.stl', 'HEAD')).headers.get(MODEL_BOX_HEADER)).toBeNull()
  })
})
