import { describe, expect, it } from 'vitest'
import { parseExampleFilter } from './example-filter'
import { typeset } from './typeset'

describe('parseExampleFilter', () => {
  it('reads a category from the query value, case-insensitively, and falls back to all', () => {
    expect(parseExampleFilter('CFD')).toBe('CFD')
    expect(parseExampleFilter('fea')).toBe('FEA')
    expect(parseExampleFilter('Cad')).toBe('CAD')
    expect(parseExampleFilter(null)).toBe('all')
    expect(parseExampleFilter('')).toBe('all')
    expect(parseExampleFilter('CAM')).toBe('all')
  })
})

describe('typeset', () => {
  it('keeps a number with its unit', () => {
    expect(typeset('a 33.5 % cut at 850 °C for 2 s')).toBe('a 33.5\u00a0% cut at 850\u00a0°C for 2\u00a0s')
    expect(typeset('the 221 t silo in a 100 mph wind')).toBe('the 221\u00a0t silo in a 100\u00a0mph wind')
  })

  it('leaves words that merely start like a unit alone', () => {
    expect(typeset('in 10 minutes, 2 seconds, 5 thick')).toBe('in 10 minutes, 2 seconds, 5 thick')
  })
})
