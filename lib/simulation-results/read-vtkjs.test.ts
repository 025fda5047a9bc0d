import { readFileSync } from 'node:fs'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readSimulationResult } from './read-simulation-result'
import { ResultFormatError, type ResultMesh } from './result-mesh'
import { resultSummaryOf } from './result-summary'

// Scenes written by VTK 9's JSON scene exporter, as ParaView's "Export Scene" writes them
// (scripts/fixtures/make-simulation-results.py). Every field is a formula of the coordinates, so
// each expected value is computed here from the points and cells read.
const folder = path.resolve(import.meta.dirname, '../../tests/fixtures/simulation-results')
const scene = (name: string) => new Uint8Array(readFileSync(path.join(folder, name)))
const open = (name: string) => readSimulationResult('vtkjs', scene(name))

const field = (mesh: ResultMesh, name: string) => mesh.fields.find((f) => f.name === name)!
const pointOf = (mesh: ResultMesh, i: number): [number, number, number] => [mesh.points[i * 3]!, mesh.points[i * 3 + 1]!, mesh.points[i * 3 + 2]!]
const cellCentre = (mesh: ResultMesh, c: number) => {
  const start = c === 0 ? 0 : mesh.offsets[c - 1]!
  const end = mesh.offsets[c]!
  const sum = [0, 0, 0]
  for (let k = start; k < end; k++) pointOf(mesh, mesh.connectivity[k]!).forEach((v, axis) => (sum[axis]! += v))
  return sum.map((v) => v / (end - start)) as [number, number, number]
}
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/** The beam's von Mises at the hexahedron a boundary face belongs to, from the face's centre. */
const vonMisesOfFace = ([x, , z]: [number, number, number]) => {
  const xc = clamp(x, 2.5, 97.5)
  const zc = clamp(z, 2.5, 7.5)
  return 0.5 * (100 - xc) + 0.1 * Math.abs(zc - 5)
}

/** The beam's surface read back where the scene placed it: checks its fields against the formulas at `original` coordinates. */
function expectBeamSurface(mesh: ResultMesh, firstPoint: number, firstCell: number, original: (p: [number, number, number]) => [number, number, number]) {
  const displacement = field(mesh, 'displacement')
  const temperature = field(mesh, 'temperature')
  for (let i = firstPoint; i < firstPoint + 170; i++) {
    const [x, y] = original(pointOf(mesh, i))
    expect(displacement.values[i * 3 + 2]).toBeCloseTo(-1e-6 * x * x * (300 - x), 9)
    expect(temperature.values[i]).toBeCloseTo(20 + 0.5 * x + y, 4)
  }
  const vonMises = field(mesh, 'von_mises')
  for (let c = firstCell; c < firstCell + 168; c++) expect(vonMises.values[c]).toBeCloseTo(vonMisesOfFace(original(cellCentre(mesh, c))), 9)
}

describe('a ParaView scene (.vtkjs)', () => {
  it("reads the beam's outer surface: 170 points, 168 quads, and every field its formula gives", () => {
    const mesh = open('cantilever-surface.vtkjs')
    expect(mesh.points.length / 3).toBe(170)
    expect(mesh.offsets.length).toBe(168)
    expect([...new Set(mesh.types)]).toEqual([9])
    expect(mesh.fields.map((f) => `${f.name}/${f.location}/${f.components}`).sort()).toEqual(['displacement/point/3', 'temperature/point/1', 'von_mises/cell/1'])
    expectBeamSurface(mesh, 0, 0, (p) => p)
  })

  it('reads a scene in a top folder whose arrays are gzipped (the CFD slice)', () => {
    const mesh = open('cfd-slice-gzip.vtkjs')
    expect(mesh.points.length / 3).toBe(66)
    expect(mesh.offsets.length).toBe(50)
    const velocity = field(mesh, 'velocity')
    for (let i = 0; i < 66; i++) {
      const [x, y] = pointOf(mesh, i)
      expect(velocity.values[i * 3]).toBeCloseTo(1 + y, 5)
      expect(velocity.values[i * 3 + 1]).toBeCloseTo(0.5 * x, 5)
    }
    const pressure = field(mesh, 'pressure')
    for (let c = 0; c < 50; c++) expect(pressure.values[c]).toBeCloseTo(101325 - 10 * cellCentre(mesh, c)[0], 6)
  })

  it('joins two actors into one mesh, the second turned 90° about z and moved 20 mm along y as its actor stands', () => {
    const mesh = open('two-beams.vtkjs')
    expect(mesh.points.length / 3).toBe(340)
    expect(mesh.offsets.length).toBe(336)
    expectBeamSurface(mesh, 0, 0, (p) => p)
    // Turned +90° about z then moved: (x, y, z) -> (-y, x + 20, z); back: (x', y', z') -> (y' - 20, -x', z').
    expectBeamSurface(mesh, 170, 168, ([x, y, z]) => [y - 20, -x, z])
    for (let i = 170; i < 340; i++) expect(pointOf(mesh, i)[0]).toBeLessThanOrEqual(1e-9)
  })

  it("gives the card's key numbers: the von Mises maximum at the fixed end", () => {
    const summary = resultSummaryOf('vtkjs', scene('cantilever-surface.vtkjs'))
    expect(summary.points).toBe(170)
    expect(summary.cells).toBe(168)
    const vonMises = summary.fields.find((f) => f.name === 'von_mises')!
    expect(vonMises.max.value).toBeCloseTo(vonMisesOfFace([0, 0, 0]), 9)
    expect(vonMises.max.at[0]).toBeLessThanOrEqual(2.5)
  })

  it('refuses what is not a scene, with a reason a person can act on', () => {
    expect(() => readSimulationResult('vtkjs', new TextEncoder().encode('hello'))).toThrow(/not a .vtkjs scene/)
    expect(() => readSimulationResult('vtkjs', zipSync({ 'readme.txt': strToU8('hi') }))).toThrow(/no index.json lists a scene/)
    const image = zipSync({
      'index.json': strToU8(JSON.stringify({ scene: [{ type: 'vtkHttpDataSetReader', vtkHttpDataSetReader: { url: '1' } }] })),
      '1/index.json': strToU8(JSON.stringify({ vtkClass: 'vtkImageData' })),
    })
    expect(() => readSimulationResult('vtkjs', image)).toThrow(/vtkImageData: export the result's surface/)
    const badCell = zipSync({
      'index.json': strToU8(JSON.stringify({ scene: [{ type: 'vtkHttpDataSetReader', vtkHttpDataSetReader: { url: '1' } }] })),
      '1/index.json': strToU8(
        JSON.stringify({
          vtkClass: 'vtkPolyData',
          points: { dataType: 'Float32Array', numberOfComponents: 3, size: 3, ref: { id: 'p', basepath: 'data', encode: 'LittleEndian' } },
          polys: { dataType: 'Int32Array', numberOfComponents: 1, size: 4, ref: { id: 'c', basepath: 'data', encode: 'LittleEndian' } },
        }),
      ),
      '1/data/p': new Uint8Array(new Float32Array([0, 0, 0]).buffer),
      '1/data/c': new Uint8Array(new Int32Array([3, 0, 1, 2]).buffer),
    })
    expect(() => readSimulationResult('vtkjs', badCell)).toThrow(/names point 1, which the dataset lacks/)
    const truncated = scene('cantilever-surface.vtkjs').subarray(0, 2000)
    expect(() => readSimulationResult('vtkjs', truncated)).toThrow(ResultFormatError)
  })
})
