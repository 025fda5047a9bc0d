import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GLTF_JSON_MAX_BYTES, modelReferencesOf, OBJ_MATERIAL_SCAN_BYTES, PVD_MAX_BYTES, readGltf, referenceScanBytes, resolveModelReference } from './model-references'

const outside = { kind: 'refused', reason: "outside this model's folder" }

/** A GLB of the given JSON and binary chunk. */
function glb(json: unknown, bin = new Uint8Array(0)): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json))
  const jsonLength = Math.ceil(text.length / 4) * 4
  const out = new Uint8Array(20 + jsonLength + (bin.length ? 8 + bin.length : 0))
  const view = new DataView(out.buffer)
  view.setUint32(0, 0x46546c67, true)
  view.setUint32(4, 2, true)
  view.setUint32(8, out.length, true)
  view.setUint32(12, jsonLength, true)
  view.setUint32(16, 0x4e4f534a, true)
  out.fill(0x20, 20, 20 + jsonLength)
  out.set(text, 20)
  if (bin.length) {
    view.setUint32(20 + jsonLength, bin.length, true)
    view.setUint32(24 + jsonLength, 0x004e4942, true)
    out.set(bin, 28 + jsonLength)
  }
  return out
}

describe('resolveModelReference', () => {
  it('follows data: URIs and plain names of the same folder', () => {
    expect(resolveModelReference('data:image/png;base64,AAAA', 'uri')).toEqual({ kind: 'data' })
    expect(resolveModelReference('part.bin', 'uri')).toEqual({ kind: 'sibling', name: 'part.bin' })
    expect(resolveModelReference('./my%20part.png', 'uri')).toEqual({ kind: 'sibling', name: 'my part.png' })
    expect(resolveModelReference('my part.mtl', 'name')).toEqual({ kind: 'sibling', name: 'my part.mtl' })
    expect(resolveModelReference('100%.mtl', 'name')).toEqual({ kind: 'sibling', name: '100%.mtl' })
    expect(resolveModelReference('textures/../wood.png', 'uri')).toEqual({ kind: 'sibling', name: 'wood.png' })
  })

  it('refuses every way out of the folder', () => {
    for (const reference of [
      '../../user-box/other/private.png',
      '../own-folder/part.bin',
      '..\\..\\user-box\\other\\private.png',
      '%2e%2e/%2e%2e/user-box/other/private.png',
      '..%2F..%2Fuser-box%2Fother%2Fprivate.png',
      'textures/wood.png',
      '/files/user-box/other/private.png',
      '//evil.example/private.png',
      '\\\\server\\share\\private.png',
      'http://127.0.0.1:3000/files/user-box/other/private.png',
      'HTTPS://evil.example/x.png',
      'blob:http://127.0.0.1:3000/0b6e2c1a-0000-4000-8000-000000000000',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'C:\\textures\\wood.png',
      'part.bin?download=1',
      'part.bin#x',
      '%E0%A4%A',
      'a%00.png',
      '',
      '.',
      'a//b.png',
    ]) {
      expect(resolveModelReference(reference, 'uri'), reference).toEqual(outside)
    }
    expect(resolveModelReference('../../user-box/other/evil.mtl', 'name')).toEqual(outside)
    expect(resolveModelReference('..\\other\\evil.mtl', 'name')).toEqual(outside)
  })
})

describe('modelReferencesOf', () => {
  it("lists a glTF's buffers and images that are not data: URIs", () => {
    const json = { asset: { version: '2.0' }, buffers: [{ uri: 'data:application/octet-stream;base64,AAAA', byteLength: 3 }, { uri: 'part.bin', byteLength: 4 }], images: [{ uri: '../../x.png' }, { bufferView: 0, mimeType: 'image/png' }] }
    expect(modelReferencesOf('part.gltf', new TextEncoder().encode(JSON.stringify(json)))).toEqual(['part.bin', '../../x.png'])
    expect(modelReferencesOf('part.glb', glb(json, new Uint8Array(4)))).toEqual(['part.bin', '../../x.png'])
    expect(modelReferencesOf('cube.gltf', new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'data:,abc', byteLength: 3 }] })))).toEqual([])
  })

  it('cannot tell (null) when the JSON is unreadable, too large, or shaped to hide a uri', () => {
    expect(modelReferencesOf('a.gltf', new TextEncoder().encode('{ not json'))).toBeNull()
    expect(modelReferencesOf('a.gltf', new TextEncoder().encode(JSON.stringify({ images: { 0: { uri: 'x.png' } } })))).toBeNull()
    expect(modelReferencesOf('a.gltf', new TextEncoder().encode(JSON.stringify({ images: [{ uri: ['x.png'] }] })))).toBeNull()
    expect(modelReferencesOf('a.gltf', new Uint8Array(GLTF_JSON_MAX_BYTES + 1))).toBeNull()
    expect(modelReferencesOf('a.glb', glb({ asset: {} }).subarray(0, 24))).toBeNull()
    expect(modelReferencesOf('a.glb', new TextEncoder().encode('glTF but not really'))).toBeNull()
  })

  it("lists an OBJ's material libraries from the start the viewer reads, and nothing for the other formats", () => {
    const obj = 'o Cube\r\nmtllib cube.mtl\r\n  mtllib ../../user-box/other/x.mtl  \nv 0 0 0\n'
    expect(modelReferencesOf('cube.obj', new TextEncoder().encode(obj))).toEqual(['cube.mtl', '../../user-box/other/x.mtl'])
    const late = new TextEncoder().encode('#'.repeat(OBJ_MATERIAL_SCAN_BYTES) + '\nmtllib late.mtl\n')
    expect(modelReferencesOf('late.obj', late)).toEqual([])
    for (const name of ['a.stl', 'a.ply', 'a.step', 'a.igs', 'a.brep', 'a.ifc', 'a.3mf', 'a.dxf', 'a.vtu', 'a.vtp', 'a.vtk']) expect(modelReferencesOf(name, new Uint8Array(8))).toEqual([])
  })

  it("lists a ParaView series' steps, and cannot tell a series it cannot read", () => {
    const pvd = readFileSync('tests/fixtures/simulation-results/beam-series.pvd')
    expect(modelReferencesOf('beam.pvd', pvd)).toEqual(['beam-series-1.vtu', 'beam-series-2.vtu', 'beam-series-3.vtu'])
    const outside = '<VTKFile type="Collection"><Collection><DataSet timestep="0" file="../other/x.vtu"/></Collection></VTKFile>'
    expect(modelReferencesOf('beam.pvd', new TextEncoder().encode(outside))).toBeNull()
    expect(modelReferencesOf('beam.pvd', new TextEncoder().encode('<VTKFile type="UnstructuredGrid"/>'))).toBeNull()
    expect(referenceScanBytes('beam.pvd')).toBe(PVD_MAX_BYTES + 1)
  })

  it('says how much of a file the server reads for it', () => {
    expect([referenceScanBytes('a.obj'), referenceScanBytes('a.gltf'), referenceScanBytes('a.glb'), referenceScanBytes('a.stl')]).toEqual([OBJ_MATERIAL_SCAN_BYTES, GLTF_JSON_MAX_BYTES + 1, GLTF_JSON_MAX_BYTES + 20, 0])
  })
})

describe('readGltf', () => {
  it("reads a GLB's first chunk as its JSON and the next as its binary chunk", () => {
    const read = readGltf(glb({ asset: { version: '2.0' } }, new Uint8Array([1, 2, 3, 4])), true)
    expect(read?.json).toEqual({ asset: { version: '2.0' } })
    expect([...read!.bin!]).toEqual([1, 2, 3, 4])
  })
})
