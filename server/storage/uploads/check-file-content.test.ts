import { describe, expect, it } from 'vitest'
import { dxfSquare, gltfCube, ifcCube, objCube, plyCube, stepCube, stlCubeAscii, stlCubeBinary } from '../../../tests/fixtures/cad-files'
import { readFileSync } from 'node:fs'
import { checkFileContentBytes } from './check-file-content'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAJJRU5ErkJggg==', 'base64')
const check = (name: string, content: string | Buffer) => checkFileContentBytes('user-box', name, new Uint8Array(Buffer.from(content).subarray(0, 4100)))

describe('content checks of CAD files', () => {
  it.each([
    ['part.step', stepCube()],
    ['part.stp', stepCube()],
    ['kiosk.ifc', ifcCube()],
    ['cube.stl', stlCubeAscii()],
    ['cube-binary.stl', stlCubeBinary()],
    ['cube.obj', objCube()],
    ['cube.ply', plyCube()],
    ['cube.gltf', gltfCube()],
    ['plate.dxf', dxfSquare()],
    ['part.brep', 'DBRep_DrawableShape\n\nCASCADE Topology V1, (c) Matra-Datavision\n'],
    ['part.igs', `${'Made by the tests'.padEnd(72)}S      1\n`],
  ])('accepts %s whose content is what its name says', async (name, content) => {
    expect(await check(name, content)).toBeNull()
  })

  it.each([
    ['part.step', PNG],
    ['part.step', 'hello'],
    ['kiosk.ifc', 'not a model'],
    ['cube.stl', PNG],
    ['cube.stl', 'tiny'],
    ['cube.ply', stepCube()],
    ['cube.gltf', PNG],
    ['cube.glb', '{"asset":{}}'],
    ['part.brep', 'just text'],
    ['part.igs', 'short line'],
    ['cube.obj', PNG],
  ])('refuses %s whose content is something else', async (name, content) => {
    expect(await check(name, content)).toBe('The file content does not match its type')
  })
})

describe('content checks of simulation results', () => {
  const fixture = (name: string) => readFileSync(`tests/fixtures/simulation-results/${name}`)
  it.each([
    ['beam.vtu', 'cantilever-ascii.vtu'],
    ['beam.vtu', 'cantilever-appended-raw.vtu'],
    ['slice.vtp', 'cfd-slice-appended-zlib.vtp'],
    ['beam.vtk', 'cantilever-binary.vtk'],
    ['slice.vtk', 'cfd-slice-ascii.vtk'],
    ['beam-series.pvd', 'beam-series.pvd'],
    ['beam.vtkjs', 'cantilever-surface.vtkjs'],
  ])('accepts %s written by VTK (%s)', async (name, file) => {
    expect(await check(name, fixture(file))).toBeNull()
  })

  it.each([
    ['beam.vtu', fixture('cfd-slice-ascii.vtp')],
    ['slice.vtp', fixture('cantilever-ascii.vtu')],
    ['beam.pvd', fixture('cantilever-ascii.vtu')],
    ['beam.vtu', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['beam.vtk', PNG],
    ['beam.vtk', 'vtk DataFile'],
    ['beam.vtkjs', fixture('cantilever-ascii.vtu')],
  ])('refuses %s whose content is something else', async (name, content) => {
    expect(await check(name, content)).toBe('The file content does not match its type')
  })
})

/** The first bytes of an OLE compound file (Inventor, Solid Edge, SolidWorks up to 2014): its signature, then a header. */
const ole = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(16), Buffer.from([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, 0x09, 0x00]), Buffer.alloc(480)])
const zipHead = () => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from([0x14, 0, 0, 0, 0, 0]), Buffer.alloc(20), Buffer.from('FusionAssetName.txt'), Buffer.alloc(64)])
/** SolidWorks since 2015 writes its own binary format. */
const solidworksBinary = () => Buffer.concat([Buffer.from([0, 0, 0, 0, 0x14, 0, 0x06, 0, 0x08, 0]), Buffer.from('SLDWKS'), Buffer.alloc(200, 7)])

describe('content checks of native CAD files', () => {
  it.each([
    ['bracket.sldprt', ole()],
    ['bracket.SLDPRT', solidworksBinary()],
    ['frame.sldasm', ole()],
    ['frame.slddrw', solidworksBinary()],
    ['shaft.ipt', ole()],
    ['gearbox.iam', ole()],
    ['gearbox.idw', ole()],
    ['housing.f3d', zipHead()],
    ['housing.f3z', zipHead()],
    ['wing.CATPart', Buffer.concat([Buffer.from('V5_CFV2', 'latin1'), Buffer.alloc(100, 1)])],
    ['wing.catproduct', Buffer.concat([Buffer.from('V5_CFV2', 'latin1'), Buffer.alloc(100, 1)])],
    ['lever.prt', Buffer.concat([Buffer.from('#UGC:2 PART 1356 640 3 1 1 15 2900 2007160 000009c1 #-', 'latin1'), Buffer.alloc(40)])],
    ['lever.prt', solidworksBinary()],
    ['lever.prt.3', Buffer.from('#UGC:2 PART 1356 640 3 1 1 15 2900 2007160 000009c1 #-\n', 'latin1')],
    ['frame.asm.12', Buffer.from('#UGC:2 ASSEMBLY 1356 640 3 1 1 15 2900 2007160 000009c1 #-\n', 'latin1')],
    ['frame.asm', ole()],
    ['plate.par', ole()],
    ['plate.psm', ole()],
    ['plate.dft', ole()],
    ['bundle.zip', zipHead()],
  ])('accepts %s whose content is what its name says', async (name, content) => {
    expect(await check(name, content)).toBeNull()
  })

  it.each([
    ['bracket.sldprt', PNG],
    ['bracket.sldprt', 'a plain text file renamed'],
    ['shaft.ipt', solidworksBinary()],
    ['shaft.ipt', zipHead()],
    ['housing.f3d', ole()],
    ['wing.catpart', ole()],
    ['lever.prt', 'text, not a part'],
    ['lever.prt', PNG],
    ['lever.prt.3', ole()],
    ['plate.par', zipHead()],
    ['bundle.zip', ole()],
  ])('refuses %s whose content is something else', async (name, content) => {
    expect(await check(name, content)).toBe('The file content does not match its type')
  })
})
