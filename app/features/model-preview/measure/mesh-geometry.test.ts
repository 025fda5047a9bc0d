import * as THREE from 'three'
import { STLLoader } from 'three/addons/loaders/STLLoader.js'
import { describe, expect, it } from 'vitest'
import { stlPlateWithHole } from '../../../../tests/fixtures/cad-files'
import { circleOfFace, edgeNear, faceAround, worldTriangles } from './mesh-geometry'

/** The plate, moved so a wrong frame would show: 40 × 40 × 5 with a 20 mm hole around (20, 20), then shifted by (100, 0, 0). */
function plate(): THREE.Mesh {
  const bytes = stlPlateWithHole(40, 5, 20, 64)
  const data = new ArrayBuffer(bytes.byteLength)
  new Uint8Array(data).set(bytes)
  const mesh = new THREE.Mesh(new STLLoader().parse(data))
  mesh.position.set(100, 0, 0)
  mesh.updateMatrixWorld(true)
  return mesh
}

/** The triangle of the mesh whose centre is nearest a point. */
function triangleNear(t: ReturnType<typeof worldTriangles>, [x, y, z]: [number, number, number]): number {
  let best = 0
  let bestDistance = Infinity
  for (let tri = 0; tri < t.index.length / 3; tri++) {
    const c = [0, 1, 2].map((k) => [0, 1, 2].reduce((s, j) => s + t.positions[t.index[tri * 3 + j]! * 3 + k]!, 0) / 3)
    const d = Math.hypot(c[0]! - x, c[1]! - y, c[2]! - z)
    if (d < bestDistance) [best, bestDistance] = [tri, d]
  }
  return best
}

describe('the circle of a picked face', () => {
  const t = worldTriangles(plate())

  it("fits a hole's wall: the wall's facets, and a circle of the hole's diameter on the hole's axis", () => {
    const wall = triangleNear(t, [100 + 20 - 10, 20, 2.5])
    const face = faceAround(t, wall)
    expect(face).toHaveLength(64 * 2)
    const circle = circleOfFace(t, face, [110, 20, 2.5])!
    expect(circle.radius * 2).toBeCloseTo(20, 4)
    expect(circle.centre[0]).toBeCloseTo(120, 4)
    expect(circle.centre[1]).toBeCloseTo(20, 4)
    expect(Math.abs(circle.normal[2])).toBeCloseTo(1, 6)
  })

  it('fits the rim of a flat face beside the hole, but nothing far from it', () => {
    const top = triangleNear(t, [100 + 20 + 16, 20, 5])
    const face = faceAround(t, top)
    expect(face).toHaveLength(64 * 2)
    expect(circleOfFace(t, face, [131, 20, 5])!.radius).toBeCloseTo(10, 4)
    expect(circleOfFace(t, face, [139, 1, 5])).toBeNull()
  })
})

/** The triangle of the plate's top face (z = 5) under a point. */
function topTriangleAt(t: ReturnType<typeof worldTriangles>, x: number, y: number): number {
  for (let tri = 0; tri < t.index.length / 3; tri++) {
    const [a, b, c] = [0, 1, 2].map((k) => [0, 1, 2].map((j) => t.positions[t.index[tri * 3 + k]! * 3 + j]!)) as [number[], number[], number[]]
    if (![a, b, c].every((p) => p[2] === 5)) continue
    const side = (p: number[], q: number[]) => (q[0]! - p[0]!) * (y - p[1]!) - (q[1]! - p[1]!) * (x - p[0]!)
    const signs = [side(a, b), side(b, c), side(c, a)]
    if (signs.every((v) => v >= 0) || signs.every((v) => v <= 0)) return tri
  }
  throw new Error('no top triangle there')
}

describe('the edge near a pick', () => {
  const t = worldTriangles(plate())

  it("takes the hole's rim near it on the top face, along the rim, and nothing in the face's middle or on a seam between its facets", () => {
    // Beside the rim at angle 0, where it runs along Y.
    const rim = edgeNear(t, topTriangleAt(t, 130.02, 20.3), [130.02, 20.3, 5], 0.1)!
    expect(Math.abs(rim[1])).toBeCloseTo(1, 2)
    expect(edgeNear(t, topTriangleAt(t, 135, 20.3), [135, 20.3, 5], 0.1)).toBeNull()
    // On the seam between two of the face's triangles, at angle 0 (the line y = 20).
    expect(edgeNear(t, topTriangleAt(t, 135, 20.01), [135, 20, 5], 0.1)).toBeNull()
  })
})
