import { describe, expect, it } from 'vitest'
import { formatPence, priceLine, quoteSchema, quoteTotals, today } from './quote-schema'

describe('quote schema and prices', () => {
  it('prices lines from the catalogue, never from the form', () => {
    const parsed = quoteSchema.parse({
      validUntil: today(),
      lines: [
        { kind: 'service', service: 'cam', hours: '7.5', unitPricePence: 1 },
        { kind: 'course', course: 'CFD Simulation', days: 3 },
        { kind: 'free', description: 'Licence', amount: '99.99' },
      ],
    })
    const lines = parsed.lines.map(priceLine)
    expect(lines.map((l) => [l.description, l.unitPricePence, l.amountPence])).toEqual([
      ['CAM', 6000, 45000],
      ['Training: CFD Simulation', 60000, 180000],
      ['Licence', 9999, 9999],
    ])
    expect(quoteTotals(lines, 20)).toEqual({ subtotalPence: 234999, vatPence: 47000, totalPence: 281999 })
    expect(formatPence(281999)).toBe('£2,819.99')
  })

  it('refuses what a quote cannot be', () => {
    const issues = (input: unknown) => quoteSchema.safeParse(input).error?.issues.map((i) => i.message)
    expect(issues({ validUntil: today(), lines: [] })).toEqual(['Add at least one line'])
    expect(issues({ validUntil: '2000-01-01', lines: [{ kind: 'free', description: 'x', amount: 1 }] })).toEqual(['The quote must be valid until today or later'])
    expect(issues({ validUntil: today(), lines: [{ kind: 'service', service: 'welding', hours: 1 }] })).toEqual(['Choose a service'])
    expect(issues({ validUntil: today(), lines: [{ kind: 'service', service: 'fea', hours: 0.1 }] })).toEqual(['Hours is counted in quarters (0.25)'])
    expect(issues({ validUntil: today(), lines: [{ kind: 'free', description: '', amount: -5 }] })).toEqual(['Describe the line', 'Amount must be more than 0'])
  })
})
