import { describe, expect, it } from 'vitest'
import { angleBetween, boundingBox, distance, fitCircle, snapOnTriangle, solidProperties, triangleNormal, type Vec3 } from './measure'

/** A 10 mm cube from (0,0,0) to (10,10,10), 12 triangles wound outwards, its corners repeated per face as exporters write them. */
function cube(size = 10) {
  const corners: Vec3[] = [
    [0, 0, 0],
    [size, 0, 0],
    [size, size, 0],
    [0, size, 0],
    [0, 0, size],
    [size, 0, size],
    [size, size, size],
    [0, size, size],
  ]
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ]
  const positions: number[] = []
  const indices: number[] = []
  for (const q of quads) {
    const base = positions.length / 3
    for (const k of q) positions.push(...corners[k]!)
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3)
  }
  return { positions, indices, corners }
}

describe('measuring a 10 mm cube', () => {
  const { positions, indices, corners } = cube()

  it('its box is 10 x 10 x 10, its volume 1000 mm³ and its area 600 mm², and it is closed', () => {
    expect(boundingBox(positions).size).toEqual([10, 10, 10])
    const solid = solidProperties(positions, indices)
    expect(solid.volume).toBeCloseTo(1000, 9)
    expect(solid.area).toBeCloseTo(600, 9)
    expect(solid.closed).toBe(true)
  })

  it('an open box (one face removed) is not closed, so its volume is not offered as a solid’s', () => {
    expect(solidProperties(positions, indices.slice(6)).closed).toBe(false)
  })

  it('an edge is 10, a face diagonal 10√2 and the space diagonal 10√3', () => {
    expect(distance(corners[0]!, corners[1]!)).toBe(10)
    expect(distance(corners[0]!, corners[2]!)).toBeCloseTo(10 * Math.SQRT2, 12)
    expect(distance(corners[0]!, corners[6]!)).toBeCloseTo(10 * Math.sqrt(3), 12)
  })

  it('two faces that meet are at 90°, opposite faces at 180°, and an edge and a face diagonal at 45°', () => {
    const bottom = triangleNormal(corners[0]!, corners[3]!, corners[2]!)
    const front = triangleNormal(corners[0]!, corners[1]!, corners[5]!)
    const top = triangleNormal(corners[4]!, corners[5]!, corners[6]!)
    expect(angleBetween(bottom, front)).toBeCloseTo(90, 12)
    expect(angleBetween(bottom, top)).toBeCloseTo(180, 12)
    expect(angleBetween([1, 0, 0], [1, 1, 0], false)).toBeCloseTo(45, 12)
    expect(angleBetween([1, 0, 0], [-1, -1, 0], false)).toBeCloseTo(45, 12)
  })

  it('a pick near a corner, an edge’s middle or a face’s centre snaps to it; elsewhere it stays where it was', () => {
    const face: [Vec3, Vec3, Vec3] = [corners[0]!, corners[1]!, corners[5]!]
    expect(snapOnTriangle([0.2, 0, 0.1], face, 0.5)).toEqual({ point: [0, 0, 0], kind: 'vertex' })
    expect(snapOnTriangle([5.1, 0, 0.1], face, 0.5)).toEqual({ point: [5, 0, 0], kind: 'edge-midpoint' })
    const centre = snapOnTriangle([6.6, 0, 3.4], face, 0.5)
    expect(centre.kind).toBe('face-centre')
    centre.point.forEach((v, i) => expect(v).toBeCloseTo([20 / 3, 0, 10 / 3][i]!, 12))
    expect(snapOnTriangle([3, 0, 1], face, 0.5)).toEqual({ point: [3, 0, 1], kind: null })
  })
})

describe('measuring a hole', () => {
  /** The rim of a hole of diameter d, in a tilted plate, tessellated in n segments as a mesher would. */
  const rim = (d: number, n: number, centre: Vec3 = [30, -12, 7]): Vec3[] => {
    const tilt = Math.PI / 7
    return Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n
      const x = (d / 2) * Math.cos(a)
      const y = (d / 2) * Math.sin(a)
      // Rotate the plate about x by the tilt, then move it.
      return [centre[0] + x, centre[1] + y * Math.cos(tilt), centre[2] + y * Math.sin(tilt)] as Vec3
    })
  }

  it('a 20 mm hole’s rim reads a diameter of 20, its centre where it was made, its axis square to the plate', () => {
    const circle = fitCircle(rim(20, 64))
    expect(circle.radius * 2).toBeCloseTo(20, 9)
    circle.centre.forEach((v, i) => expect(v).toBeCloseTo([30, -12, 7][i]!, 9))
    const axis: Vec3 = [0, -Math.sin(Math.PI / 7), Math.cos(Math.PI / 7)]
    expect(Math.min(angleBetween(circle.normal, axis), 180 - angleBetween(circle.normal, axis))).toBeLessThan(1e-5)
    expect(circle.residual).toBeLessThan(1e-9)
  })

  it('an arc of a quarter turn reads the same radius, and points off a circle show in the residual', () => {
    expect(fitCircle(rim(20, 64).slice(0, 17)).radius).toBeCloseTo(10, 9)
    const bumpy = rim(20, 64).map((p, i) => (i % 2 ? ([p[0] + 0.1, p[1], p[2]] as Vec3) : p))
    expect(fitCircle(bumpy).residual).toBeGreaterThan(0.01)
  })

  it('refuses fewer than three points', () => {
    expect(() => fitCircle([[0, 0, 0], [1, 0, 0]])).toThrow(/three points/)
  })
})
