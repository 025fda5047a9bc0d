import { describe, expect, it } from 'vitest'
import { dxfSquare, gltfCube, ifcCube, objCube, plyCube, stepCube, stlCubeAscii, stlCubeBinary } from '../../tests/fixtures/cad-files'
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
