import { describe, expect, it } from 'vitest'
import { distanceInMetres, EARTH_RADIUS_KM, formatDistance } from './geo'

describe('distanceInMetres', () => {
  it('is zero for the same point', () => {
    expect(distanceInMetres({ lat: 53.74, lng: -2.02 }, { lat: 53.74, lng: -2.02 })).toBe(0)
  })

  it('uses an Earth radius of 6371 km: one degree of latitude is 2πR/360', () => {
    const oneDegree = (2 * Math.PI * EARTH_RADIUS_KM * 1000) / 360
    expect(distanceInMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(oneDegree, 6)
    expect(oneDegree).toBeCloseTo(111_194.93, 1)
  })

  it('measures the great circle, not the flat difference (London to Paris ≈ 343.5 km)', () => {
    const london = { lat: 51.5074, lng: -0.1278 }
    const paris = { lat: 48.8566, lng: 2.3522 }
    expect(distanceInMetres(london, paris) / 1000).toBeCloseTo(343.5, 0)
  })

  it('is symmetric and handles antipodes', () => {
    const a = { lat: 53.7409, lng: -2.0208 }
    const b = { lat: 53.7997, lng: -1.5492 }
    expect(distanceInMetres(a, b)).toBeCloseTo(distanceInMetres(b, a), 9)
    expect(distanceInMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM * 1000, 3)
  })
})

describe('formatDistance', () => {
  it('shows whole metres under 1 km', () => {
    expect(formatDistance(0)).toBe('Approximately 0 m away')
    expect(formatDistance(499.6)).toBe('Approximately 500 m away')
    expect(formatDistance(999.4)).toBe('Approximately 999 m away')
  })

  it('shows kilometres with one decimal from 1 km', () => {
    expect(formatDistance(1000)).toBe('1.0 km away')
    expect(formatDistance(31_649)).toBe('31.6 km away')
    expect(formatDistance(343_550)).toBe('343.6 km away')
  })
})
