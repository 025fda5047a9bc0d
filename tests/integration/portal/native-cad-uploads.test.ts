import { describe, expect, it } from 'vitest'
import { portalWithAccounts } from './support/portal-with-accounts'
import { PNG_1PX, tusUpload } from './support/tus-upload'

/** An OLE compound file's signature and the start of its header (Inventor, Solid Edge, SolidWorks up to 2014). */
const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(16), Buffer.from([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, 0x09, 0x00]), Buffer.alloc(1000, 3)])
const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from([0x14, 0, 0, 0, 0, 0]), Buffer.alloc(20), Buffer.from('Manifest.dat'), Buffer.alloc(200, 5)])
const catia = Buffer.concat([Buffer.from('V5_CFV2', 'latin1'), Buffer.alloc(500, 1)])
const creo = Buffer.from('#UGC:2 PART 1356 640 3 1 1 15 2900 2007160 000009c1 #-\n' + 'x'.repeat(200), 'latin1')

/**
 * Native CAD files (SolidWorks, Inventor, Fusion, CATIA, NX, Creo, Solid Edge) are kept as downloads:
 * taken when their first bytes are what their format starts with, refused when they are something
 * else, and served as plain bytes.
 */
describe('native CAD files are uploaded as downloads, checked by their content', () => {
  const { accounts, ids } = portalWithAccounts({}, { client: 'native-cad@example.test' })

  it('takes a file whose first bytes are its format’s, lists it and serves it as a download', async () => {
    const samples: [string, Buffer][] = [
      ['bracket.sldprt', ole],
      ['shaft.ipt', ole],
      ['housing.f3d', zip],
      ['wing.CATPart', catia],
      ['lever.prt.3', creo],
      ['plate.par', ole],
    ]
    for (const [filename, bytes] of samples) {
      const result = await tusUpload(accounts.client, bytes, { filename, kind: 'user-box', ownerId: ids.client })
      expect(result, filename).toMatchObject({ status: 204, path: `user-box/${ids.client}/${filename}` })
    }
    const listed = await accounts.client.gql<{ files: { path: string; type: string }[] }>('query($p: String!) { files(prefix: $p) { path type } }', { p: `user-box/${ids.client}/` })
    expect(listed.data!.files.map((f) => f.path).sort()).toEqual(samples.map(([name]) => `user-box/${ids.client}/${name}`).sort())
    expect(new Set(listed.data!.files.map((f) => f.type))).toEqual(new Set(['application/octet-stream']))
    const download = await accounts.client.fetch(`/files/user-box/${ids.client}/bracket.sldprt`)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(ole)).toBe(true)
  })

  it('refuses a native CAD name whose content is something else, and keeps nothing of it', async () => {
    for (const [filename, bytes] of [
      ['fake.sldprt', Buffer.from('plain text renamed to look like a part')],
      ['fake.ipt', PNG_1PX],
      ['fake.f3d', ole],
      ['fake.catpart', zip],
      ['fake.prt.2', ole],
    ] as const) {
      const result = await tusUpload(accounts.client, bytes, { filename, kind: 'user-box', ownerId: ids.client })
      expect(result, filename).toMatchObject({ status: 415, body: 'The file content does not match its type' })
    }
    const listed = await accounts.client.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: `user-box/${ids.client}/` })
    expect(listed.data!.files.map((f) => f.path).filter((p) => p.includes('fake'))).toEqual([])
  })

  it('refuses a native CAD file where only pictures go', async () => {
    const result = await tusUpload(accounts.client, ole, { filename: 'bracket.sldprt', kind: 'profile-pictures', ownerId: ids.client })
    expect(result).toEqual({ status: 415, body: 'Only images can be uploaded here (JPEG, PNG, GIF or WebP)' })
  })
})
