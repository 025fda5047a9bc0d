import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { resultSummaryOf } from './result-summary'

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/simulation-results/${name}`))

describe("a result file's key numbers", () => {
  it("are the beam's size and each field's extremes where the generator's formulas put them", () => {
    const summary = resultSummaryOf('vtu', fixture('cantilever-binary-zlib.vtu'))
    expect([summary.points, summary.cells]).toEqual([189, 80])
    const field = (name: string) => summary.fields.find((f) => f.name === name)!
    // von Mises = 0.5 (100 - xc) + 0.1 |zc - 5| over cell centres xc = 2.5 … 97.5, zc = 2.5, 7.5.
    expect(field('von_mises')).toMatchObject({ location: 'cell', components: 1, min: { value: 1.5 }, max: { value: 49 } })
    expect(field('von_mises').min.at[0]).toBe(97.5)
    expect(field('von_mises').max.at[0]).toBe(2.5)
    // temperature = 20 + 0.5 x + y: least at x = y = 0, greatest at x = 100, y = 10.
    expect(field('temperature').min).toMatchObject({ value: 20, at: [0, 0, expect.any(Number)] })
    expect(field('temperature').max).toMatchObject({ value: 80, at: [100, 10, expect.any(Number)] })
    // displacement = (0, 0, -1e-6 x² (300 - x)), by its magnitude: none at the fixed end, 2 mm at the tip.
    expect(field('displacement').min.value).toBe(0)
    expect(field('displacement').min.at[0]).toBe(0)
    expect(field('displacement').max.value).toBeCloseTo(2, 12)
    expect(field('displacement').max.at[0]).toBe(100)
  })

  it('are refused for a file the reader cannot take', () => {
    expect(() => resultSummaryOf('vtu', new TextEncoder().encode('<VTKFile type="UnstructuredGrid"></VTKFile>'))).toThrow()
    expect(() => resultSummaryOf('pvd', fixture('beam-series.pvd'))).toThrow()
  })
})
