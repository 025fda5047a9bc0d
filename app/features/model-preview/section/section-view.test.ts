import * as THREE from 'three'
import { describe, expect, it } from 'vitest'
import { clippingPlane } from './section-view'

const keeps = (plane: THREE.Plane, point: [number, number, number]) => plane.distanceToPoint(new THREE.Vector3(...point)) >= 0

describe('the side a section plane keeps', () => {
  it('keeps what lies behind the plane, against its normal, and the other side when flipped', () => {
    const plane = { id: 1, along: 'x' as const, normal: [1, 0, 0] as [number, number, number], offset: 5, flipped: false }
    expect(keeps(clippingPlane(plane), [4, 0, 0])).toBe(true)
    expect(keeps(clippingPlane(plane), [6, 0, 0])).toBe(false)
    expect(keeps(clippingPlane({ ...plane, flipped: true }), [4, 0, 0])).toBe(false)
    expect(keeps(clippingPlane({ ...plane, flipped: true }), [6, 0, 0])).toBe(true)
  })

  it('cuts square to a tilted face at its offset along the face normal', () => {
    const n = new THREE.Vector3(1, 1, 0).normalize()
    const plane = clippingPlane({ id: 2, along: 'face', normal: [n.x, n.y, n.z], offset: Math.SQRT2, flipped: false })
    expect(keeps(plane, [0.9, 0.9, 7])).toBe(true)
    expect(keeps(plane, [1.1, 1.1, -7])).toBe(false)
  })
})
