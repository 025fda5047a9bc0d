import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { colourOf, probe, rangeOf, surfaceColours, warpedPoints } from './field-colours'
import { outerSurface } from './outer-surface'
import { readSimulationResult } from './read-simulation-result'

const folder = path.resolve(import.meta.dirname, '../../tests/fixtures/simulation-results')
const beam = readSimulationResult('vtu', new Uint8Array(readFileSync(path.join(folder, 'cantilever-binary-zlib.vtu'))))
const field = (name: string) => beam.fields.find((f) => f.name === name)!

describe('colouring a result by a field', () => {
  it('the legend’s range is the field’s least and greatest value: a vector by magnitude or by a component', () => {
    expect(rangeOf(field('displacement'))).toEqual({ min: 0, max: expect.closeTo(2, 9) })
    expect(rangeOf(field('displacement'), 2)).toEqual({ min: expect.closeTo(-2, 9), max: expect.closeTo(0, 12) })
    expect(rangeOf(field('temperature'))).toEqual({ min: 20, max: 80 })
  })

  it('the least value is dark blue, the greatest dark red, the middle green-yellow; a fixed range clamps', () => {
    expect(colourOf(0, { min: 0, max: 10 })).toEqual([0, 0, 0.5])
    expect(colourOf(10, { min: 0, max: 10 })).toEqual([0.5, 0, 0])
    expect(colourOf(5, { min: 0, max: 10 })).toEqual([0.5, 1, 0.5])
    expect(colourOf(50, { min: 0, max: 10 })).toEqual([0.5, 0, 0])
  })

  it('each surface corner takes its point’s colour, or its cell’s for a cell field', () => {
    const surface = outerSurface(beam)
    const range = rangeOf(field('von_mises'))
    const colours = surfaceColours(surface, field('von_mises'), range)
    for (let t = 0; t < surface.cells.length; t++) {
      const expected = colourOf(field('von_mises').values[surface.cells[t]!]!, range)
      for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) expect(colours[(t * 3 + k) * 3 + c]).toBeCloseTo(expected[c]!, 6)
    }
  })

  it('the probe reads a point field between a triangle’s corners, and the cell’s value for a cell field', () => {
    const surface = outerSurface(beam)
    // A triangle and the point a third of the way to each corner: the temperature there is the
    // formula 20 + 0.5 x + y at that point, as the field is linear.
    const t = 7
    const corners = [0, 1, 2].map((k) => surface.triangles[t * 3 + k]!)
    const at = [0, 1].map((axis) => corners.reduce((s, p) => s + beam.points[p * 3 + axis]! / 3, 0))
    expect(probe(beam, surface, t, [1 / 3, 1 / 3, 1 / 3], field('temperature'))).toBeCloseTo(20 + 0.5 * at[0]! + at[1]!, 4)
    expect(probe(beam, surface, t, [1, 0, 0], field('von_mises'))).toBe(field('von_mises').values[surface.cells[t]!])
  })

  it('warping by the displacement moves the tip down by the displacement times the scale', () => {
    const warped = warpedPoints(beam, field('displacement'), 10)
    for (let i = 0; i < beam.points.length / 3; i++) {
      const x = beam.points[i * 3]!
      expect(warped[i * 3 + 2]! - beam.points[i * 3 + 2]!).toBeCloseTo(10 * -1e-6 * x * x * (300 - x), 9)
    }
    expect(() => warpedPoints(beam, field('temperature'), 1)).toThrow(/vector field/)
  })
})
