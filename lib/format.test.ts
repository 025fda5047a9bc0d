import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatSize } from './format'

describe('the one way the site writes dates and sizes', () => {
  it('writes a day as "26 Nov 2026", whether it is given as a date or a moment', () => {
    expect(formatDate('2026-11-26')).toBe('26 Nov 2026')
    expect(formatDate('2026-11-26T23:30:00Z')).toBe('26 Nov 2026')
    expect(formatDate(new Date(Date.UTC(2026, 0, 5)))).toBe('5 Jan 2026')
    expect(formatDate('not a date')).toBe('not a date')
  })

  it('writes a moment with its time of day', () => {
    expect(formatDateTime('2026-11-26T18:15:00')).toBe('26 Nov 2026, 18:15')
  })

  it('writes sizes in decimal units, three figures at most, never "0.00 MB"', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(1)).toBe('1 byte')
    expect(formatSize(812)).toBe('812 bytes')
    expect(formatSize(4_200)).toBe('4.2 KB')
    expect(formatSize(36_512_000)).toBe('36.5 MB')
    expect(formatSize(200_000_000)).toBe('200 MB')
    expect(formatSize(2_000_000_000)).toBe('2 GB')
    expect(formatSize(20_000_000_000)).toBe('20 GB')
    expect(formatSize(2 * 1024 ** 3)).toBe('2.15 GB')
  })
})
