import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { summarizeFields, cellCentre } from './field-summary'
import { outerSurface } from './outer-surface'
import { readPvd } from './read-pvd'
import { readSimulationResult } from './read-simulation-result'
import { ResultFormatError, type ResultMesh } from './result-mesh'

// Files written by VTK 9 (scripts/fixtures/make-simulation-results.py); every field is a formula of
// the coordinates, so each value expected here is computed from the points read, not copied.
const folder = path.resolve(import.meta.dirname, '../../tests/fixtures/simulation-results')
const open = (name: string) => readSimulationResult(path.extname(name).slice(1), new Uint8Array(readFileSync(path.join(folder, name))))

const beamFiles = [
  'cantilever-ascii.vtu',
  'cantilever-binary.vtu',
  'cantilever-binary-zlib.vtu',
  'cantilever-appended-raw.vtu',
  'cantilever-appended-zlib-uint64.vtu',
  'cantilever-appended-base64.vtu',
  'cantilever-ascii.vtk',
  'cantilever-binary.vtk',
  'cantilever-v51-binary.vtk',
]
const sliceFiles = ['cfd-slice-ascii.vtp', 'cfd-slice-appended-zlib.vtp', 'cfd-slice-ascii.vtk', 'cfd-slice-binary.vtk', 'cfd-slice-v51-ascii.vtk']

const fieldOf = (mesh: ResultMesh, name: string) => {
  const field = mesh.fields.find((f) => f.name === name)
  if (!field) throw new Error(`no field ${name}`)
  return field
}
/** Reads the file and finds `points` points and `cells` cells, every one of VTK cell type `type`. */
const openMesh = (name: string, points: number, cells: number, type: number) => {
  const mesh = open(name)
  expect(mesh.points.length / 3).toBe(points)
  expect(mesh.offsets.length).toBe(cells)
  expect([...new Set(mesh.types)]).toEqual([type])
  return mesh
}
const point = (mesh: ResultMesh, i: number) => [mesh.points[i * 3]!, mesh.points[i * 3 + 1]!, mesh.points[i * 3 + 2]!] as const

describe('a cantilever beam result (hexahedra, displacement and temperature on points, von Mises on cells)', () => {
  it.each(beamFiles)('%s reads 189 points, 80 hexahedra and every value its formula gives', (name) => {
    const mesh = openMesh(name, 189, 80, 12)
    const displacement = fieldOf(mesh, 'displacement')
    const temperature = fieldOf(mesh, 'temperature')
    const vonMises = fieldOf(mesh, 'von_mises')
    expect([displacement.location, displacement.components, temperature.location, vonMises.location]).toEqual(['point', 3, 'point', 'cell'])
    for (let i = 0; i < 189; i++) {
      const [x, y] = point(mesh, i)
      expect(displacement.values[i * 3 + 2]).toBeCloseTo(-1e-6 * x * x * (300 - x), 9)
      expect(displacement.values[i * 3]).toBe(0)
      expect(temperature.values[i]).toBeCloseTo(20 + 0.5 * x + y, 4)
    }
    for (let c = 0; c < 80; c++) {
      const [xc, , zc] = cellCentre(mesh, c)
      expect(vonMises.values[c]).toBeCloseTo(0.5 * (100 - xc) + 0.1 * Math.abs(zc - 5), 9)
    }
  })

  it('its outer surface is the beam’s six sides: 168 quads as 336 triangles, none inside', () => {
    const surface = outerSurface(open('cantilever-binary-zlib.vtu'))
    // 20 x 2 cells on the top, bottom and two long sides, 2 x 2 on each end.
    expect(surface.triangles.length / 3).toBe(2 * (20 * 2 * 2 + 20 * 2 * 2 + 2 * 2 * 2))
    const mesh = open('cantilever-binary-zlib.vtu')
    for (const p of surface.triangles) {
      const [x, y, z] = point(mesh, p)
      expect(x === 0 || x === 100 || y === 0 || y === 10 || z === 0 || z === 10).toBe(true)
    }
  })

  it('its key numbers are each field’s least and greatest value and where they are', () => {
    const summary = summarizeFields(open('cantilever-appended-raw.vtu'))
    const byName = Object.fromEntries(summary.map((s) => [s.name, s]))
    // The tip (x = 100) moves 1e-6 * 100² * 200 = 2 mm; the root does not move.
    expect(byName.displacement!.max.value).toBeCloseTo(2, 9)
    expect(byName.displacement!.max.at[0]).toBe(100)
    expect(byName.displacement!.min.value).toBe(0)
    expect(byName.displacement!.min.at[0]).toBe(0)
    // The cell centres run x = 2.5 … 97.5 and z = 2.5 or 7.5.
    const centres = Array.from({ length: 20 }, (_, i) => 2.5 + 5 * i)
    const stresses = centres.map((xc) => 0.5 * (100 - xc) + 0.1 * 2.5)
    expect(byName.von_mises!.max.value).toBeCloseTo(Math.max(...stresses), 9)
    expect(byName.von_mises!.max.at[0]).toBe(2.5)
    expect(byName.von_mises!.min.value).toBeCloseTo(Math.min(...stresses), 9)
    expect(byName.von_mises!.min.at[0]).toBe(97.5)
    expect(byName.temperature!.max.value).toBeCloseTo(20 + 50 + 10, 4)
  })
})

describe('a CFD slice result (quads, velocity on points, pressure on cells)', () => {
  it.each(sliceFiles)('%s reads 66 points, 50 quads and every value its formula gives', (name) => {
    const mesh = openMesh(name, 66, 50, 9)
    const velocity = fieldOf(mesh, 'velocity')
    const pressure = fieldOf(mesh, 'pressure')
    for (let i = 0; i < 66; i++) {
      const [x, y] = point(mesh, i)
      expect(velocity.values[i * 3]).toBeCloseTo(1 + y, 5)
      expect(velocity.values[i * 3 + 1]).toBeCloseTo(0.5 * x, 5)
    }
    for (let c = 0; c < 50; c++) expect(pressure.values[c]).toBeCloseTo(101325 - 10 * cellCentre(mesh, c)[0], 4)
    expect(outerSurface(mesh).triangles.length / 3).toBe(100)
  })
})

describe('a series of results in time', () => {
  it('lists its steps in time order, each a file beside it whose load grows with time', () => {
    const steps = readPvd(readFileSync(path.join(folder, 'beam-series.pvd'), 'utf8'))
    expect(steps).toEqual([
      { time: 0.5, file: 'beam-series-1.vtu' },
      { time: 1, file: 'beam-series-2.vtu' },
      { time: 1.5, file: 'beam-series-3.vtu' },
    ])
    const peaks = steps.map((s) => summarizeFields(open(s.file)).find((f) => f.name === 'von_mises')!.max.value)
    expect(peaks.map((p) => p / peaks[0]!)).toEqual([1, 2, 3].map((k) => expect.closeTo(k, 9)))
  })

  it('refuses a step that names a file outside the series’ folder', () => {
    const pvd = (file: string) => `<VTKFile type="Collection"><Collection><DataSet timestep="0" file="${file}"/></Collection></VTKFile>`
    expect(() => readPvd(pvd('../../secrets.vtu'))).toThrow(ResultFormatError)
    expect(() => readPvd(pvd('/etc/passwd'))).toThrow(ResultFormatError)
    expect(readPvd(pvd('steps/a.vtu'))).toEqual([{ time: 0, file: 'steps/a.vtu' }])
  })
})

describe('a mesh made here', () => {
  it('a cube cut into five tetrahedra has 12 outer triangles, none on the inner faces', () => {
    const vtk = [
      '# vtk DataFile Version 4.2',
      'cube',
      'ASCII',
      'DATASET UNSTRUCTURED_GRID',
      'POINTS 8 double',
      '0 0 0 10 0 0 10 10 0 0 10 0 0 0 10 10 0 10 10 10 10 0 10 10',
      'CELLS 5 25',
      '4 0 1 3 4',
      '4 1 2 3 6',
      '4 1 4 5 6',
      '4 3 6 7 4',
      '4 1 3 4 6',
      'CELL_TYPES 5',
      '10 10 10 10 10',
      '',
    ].join('\n')
    const mesh = readSimulationResult('vtk', new TextEncoder().encode(vtk))
    const surface = outerSurface(mesh)
    expect(surface.triangles.length / 3).toBe(12)
    // The middle tetrahedron (cell 4) lies wholly inside: none of its faces is outside.
    expect([...surface.cells]).not.toContain(4)
  })

  it('refuses what is not a result, and a file cut short, with a reason', () => {
    expect(() => readSimulationResult('vtu', new TextEncoder().encode('<html></html>'))).toThrow(/not a VTK XML file/)
    expect(() => readSimulationResult('vtk', new TextEncoder().encode('hello'))).toThrow(/not a VTK legacy file/)
    const whole = readFileSync(path.join(folder, 'cantilever-appended-raw.vtu'))
    expect(() => readSimulationResult('vtu', new Uint8Array(whole.subarray(0, whole.length - 4000)))).toThrow(ResultFormatError)
    const binary = readFileSync(path.join(folder, 'cantilever-binary.vtk'))
    expect(() => readSimulationResult('vtk', new Uint8Array(binary.subarray(0, 3000)))).toThrow(ResultFormatError)
    expect(() => readSimulationResult('stl', new Uint8Array(10))).toThrow(/not a simulation result/)
  })
})
