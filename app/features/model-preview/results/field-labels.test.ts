import { describe, expect, it } from 'vitest'
import { componentLabel, formatValue, unitOf } from './field-labels'

describe('field labels', () => {
  it('reads units only from brackets at the end of a name', () => {
    expect(unitOf('stress [MPa]')).toBe('MPa')
    expect(unitOf('pressure (Pa)')).toBe('Pa')
    expect(unitOf('von_mises')).toBeNull()
    expect(unitOf('[MPa] stress')).toBeNull()
  })

  it('names components and formats values with six significant figures', () => {
    expect(componentLabel(3, 'magnitude')).toBe('magnitude')
    expect(componentLabel(3, 2)).toBe('Z')
    expect(componentLabel(1, 'magnitude')).toBe('')
    expect(formatValue(49)).toBe('49')
    expect(formatValue(1.5)).toBe('1.5')
    expect(formatValue(101324.95)).toBe('101325')
    expect(formatValue(2.5e8)).toBe('2.5e+8')
    expect(formatValue(-1.9999999999999998)).toBe('-2')
    expect(formatValue(0.0001234)).toBe('1.234e-4')
    expect(formatValue(0)).toBe('0')
  })
})
