import { describe, expect, it } from 'vitest'
import { readGltf } from '../../../lib/model-references'
import { decodeDataUri, ReferenceReader } from './reference-reader'
import { selfContainedGlb } from './self-contained-gltf'

const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))

/** A reader for a model nothing may be fetched for: only data: URIs and refusals are used here. */
const readerOf = () => new ReferenceReader('/files/user-box/owner/part.gltf', new AbortController().signal)

describe('selfContainedGlb', () => {
  it('moves every buffer and image into one binary chunk and leaves no uri for the loader', async () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3]
    const gltf = readGltf(
      new TextEncoder().encode(
        JSON.stringify({
          asset: { version: '2.0' },
          buffers: [
            { byteLength: 3, uri: `data:application/octet-stream;base64,${base64([1, 2, 3])}` },
            { byteLength: 2, uri: `data:application/octet-stream;base64,${base64([9, 8])}` },
          ],
          bufferViews: [
            { buffer: 0, byteLength: 3 },
            { buffer: 1, byteOffset: 1, byteLength: 1 },
          ],
          images: [{ uri: `data:image/png;base64,${base64(png)}` }, { uri: '../../user-box/other/private.png' }, { uri: 'https://evil.example/x.png' }],
        }),
      ),
      false,
    )!
    const reader = readerOf()
    const glb = readGltf(new Uint8Array(await selfContainedGlb(gltf, reader)), true)!
    const json = glb.json as { buffers: { byteLength: number; uri?: string }[]; bufferViews: { buffer: number; byteOffset: number; byteLength: number }[]; images: { uri?: string; bufferView: number; mimeType: string }[] }
    expect(JSON.stringify(json)).not.toContain('uri')
    expect(json.buffers).toEqual([{ byteLength: glb.bin!.length }])
    const viewBytes = (i: number) => [...glb.bin!.subarray(json.bufferViews[i]!.byteOffset, json.bufferViews[i]!.byteOffset + json.bufferViews[i]!.byteLength)]
    expect(viewBytes(0)).toEqual([1, 2, 3])
    expect(viewBytes(1)).toEqual([8])
    expect(viewBytes(json.images[0]!.bufferView)).toEqual(png)
    expect(json.images.map((i) => i.mimeType)).toEqual(['image/png', 'image/png', 'image/png'])
    // The refused images are a grey pixel, and named with why.
    expect(viewBytes(json.images[1]!.bufferView).slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47])
    expect(reader.refused).toEqual([
      { reference: '../../user-box/other/private.png', reason: "outside this model's folder" },
      { reference: 'https://evil.example/x.png', reason: "outside this model's folder" },
    ])
    expect(reader.followed).toEqual([])
  })

  it('gives a refused buffer zeros of its declared length, so the rest of the model still loads', async () => {
    const source = readGltf(new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ byteLength: 4, uri: '../x.bin' }], bufferViews: [{ buffer: 0, byteLength: 4 }] })), false)!
    const reader = readerOf()
    const glb = readGltf(new Uint8Array(await selfContainedGlb(source, reader)), true)!
    expect([...glb.bin!]).toEqual([0, 0, 0, 0])
    expect(reader.refused.map((r) => r.reference)).toEqual(['../x.bin'])
  })
})

describe('decodeDataUri', () => {
  it('reads base64 and percent-encoded data: URIs with their type', () => {
    expect(decodeDataUri('data:image/png;base64,AQID')).toEqual({ bytes: new Uint8Array([1, 2, 3]), type: 'image/png' })
    expect(decodeDataUri('data:,a%20b%FF')).toEqual({ bytes: new Uint8Array([0x61, 0x20, 0x62, 0xff]), type: '' })
    expect(decodeDataUri('data:image/png;base64,***')).toBeNull()
    expect(decodeDataUri('data:no-comma')).toBeNull()
  })
})
