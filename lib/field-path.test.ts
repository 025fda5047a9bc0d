import { describe, expect, it } from 'vitest'
import { fieldErrorsOf, fieldPath } from './field-path'
import { quoteSchema } from './quote-schema'

describe('field names of errors', () => {
  it('names a list item and its field the way the form names its control', () => {
    expect(fieldPath(['lines', 1, 'hours'])).toBe('lines[1].hours')
    expect(fieldPath(['validUntil'])).toBe('validUntil')
    expect(fieldPath(['a', 'b', 0, 2, 'c'])).toBe('a.b[0][2].c')
    expect(fieldPath([])).toBe('')
  })

  it('keeps every part of a quote line error, so line 2 is told apart from line 1', () => {
    const result = quoteSchema.safeParse({
      lines: [
        { kind: 'service', service: 'cfd', hours: '4' },
        { kind: 'service', service: 'cfd', hours: '0' },
      ],
      validUntil: '2999-01-01',
    })
    expect(result.success).toBe(false)
    expect(fieldErrorsOf(result.error!.issues)).toEqual({ 'lines[1].hours': ['Hours must be more than 0'] })
  })
})
