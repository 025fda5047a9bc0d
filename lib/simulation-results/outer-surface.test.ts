import { describe, expect, it } from 'vitest'
import { outerSurface } from './outer-surface'
import type { ResultMesh } from './result-mesh'

/** A block of nx × ny × nz unit hexahedra, with `keep` choosing the cells; `renumber` reorders the points. */
function hexBlock(nx: number, ny: number, nz: number, keep: (x: number, y: number, z: number) => boolean = () => true, renumber: (p: number) => number = (p) => p): ResultMesh {
  const id = (x: number, y: number, z: number) => renumber((z * (ny + 1) + y) * (nx + 1) + x)
  const points = new Float64Array((nx + 1) * (ny + 1) * (nz + 1) * 3)
  for (let z = 0; z <= nz; z++) for (let y = 0; y <= ny; y++) for (let x = 0; x <= nx; x++) points.set([x, y, z], id(x, y, z) * 3)
  const connectivity: number[] = []
  const offsets: number[] = []
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        if (!keep(x, y, z)) continue
        connectivity.push(id(x, y, z), id(x + 1, y, z), id(x + 1, y + 1, z), id(x, y + 1, z), id(x, y, z + 1), id(x + 1, y, z + 1), id(x + 1, y + 1, z + 1), id(x, y + 1, z + 1))
        offsets.push(connectivity.length)
      }
  return { points, connectivity: Uint32Array.from(connectivity), offsets: Uint32Array.from(offsets), types: new Uint8Array(offsets.length).fill(12), fields: [] }
}

/** The same block with each hexahedron cut into six tetrahedra along its main diagonal (0-6). */
function tetBlock(hexes: ResultMesh): ResultMesh {
  const connectivity: number[] = []
  const offsets: number[] = []
  const tets = [[0, 1, 2, 6], [0, 2, 3, 6], [0, 3, 7, 6], [0, 7, 4, 6], [0, 4, 5, 6], [0, 5, 1, 6]]
  for (let c = 0; c < hexes.offsets.length; c++) {
    const h = hexes.connectivity.subarray(c * 8, c * 8 + 8)
    for (const t of tets) {
      connectivity.push(...t.map((k) => h[k]!))
      offsets.push(connectivity.length)
    }
  }
  return { ...hexes, connectivity: Uint32Array.from(connectivity), offsets: Uint32Array.from(offsets), types: new Uint8Array(offsets.length).fill(10) }
}

/**
 * The outer faces counted the plain way, for comparison: every face of every cell by its sorted
 * corners written out as text, kept when met once. Independent of the table the viewer uses.
 */
function outerFacesByText(mesh: ResultMesh): { quads: number; triangles: number } {
  const faces: Record<number, number[][]> = {
    10: [[0, 1, 3], [1, 2, 3], [2, 0, 3], [0, 2, 1]],
    12: [[0, 4, 7, 3], [1, 2, 6, 5], [0, 1, 5, 4], [3, 7, 6, 2], [0, 3, 2, 1], [4, 5, 6, 7]],
  }
  const met = new Map<string, number>()
  for (let c = 0; c < mesh.offsets.length; c++) {
    const start = c === 0 ? 0 : mesh.offsets[c - 1]!
    for (const face of faces[mesh.types[c]!]!) {
      const key = face.map((k) => mesh.connectivity[start + k]!).sort((a, b) => a - b).join(' ')
      met.set(key, (met.get(key) ?? 0) + 1)
    }
  }
  let quads = 0
  let triangles = 0
  for (const [key, count] of met) {
    if (count !== 1) continue
    if (key.split(' ').length === 4) quads++
    else triangles++
  }
  return { quads, triangles }
}

/** Each surface triangle's corners as a sorted text key, to find one drawn twice. */
const triangleKeys = (triangles: Uint32Array) => Array.from({ length: triangles.length / 3 }, (_, t) => [...triangles.subarray(t * 3, t * 3 + 3)].sort((a, b) => a - b).join(' '))

describe('the outer surface of a mesh of solids', () => {
  it('a whole block of 12 × 7 × 5 hexahedra shows its six sides and nothing inside: 2(12·7 + 7·5 + 12·5) quads', () => {
    const surface = outerSurface(hexBlock(12, 7, 5))
    const quads = 2 * (12 * 7 + 7 * 5 + 12 * 5)
    expect(surface.triangles.length / 3).toBe(2 * quads)
    expect(new Set(triangleKeys(surface.triangles)).size).toBe(2 * quads)
    // Every corner lies on the block's boundary.
    const mesh = hexBlock(12, 7, 5)
    for (const p of surface.triangles) {
      const [x, y, z] = [mesh.points[p * 3]!, mesh.points[p * 3 + 1]!, mesh.points[p * 3 + 2]!]
      expect(x === 0 || x === 12 || y === 0 || y === 7 || z === 0 || z === 5).toBe(true)
    }
  })

  it('the same block cut into tetrahedra shows the same sides as twice as many triangles', () => {
    const surface = outerSurface(tetBlock(hexBlock(12, 7, 5)))
    expect(surface.triangles.length / 3).toBe(4 * (12 * 7 + 7 * 5 + 12 * 5))
  })

  it('a block with cells taken out at random, its points numbered at random, has the faces a plain count finds', () => {
    let seed = 7
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32)
    const n = 21 * 18 * 16
    const order = Array.from({ length: n }, (_, i) => i)
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j]!, order[i]!]
    }
    for (const renumber of [(p: number) => p, (p: number) => order[p]!]) {
      const hexes = hexBlock(20, 17, 15, () => random() < 0.6, renumber)
      const expected = outerFacesByText(hexes)
      expect(expected.quads).toBeGreaterThan(2 * (20 * 17 + 17 * 15 + 20 * 15))
      const surface = outerSurface(hexes)
      expect(surface.triangles.length / 3).toBe(2 * expected.quads)
      expect(new Set(triangleKeys(surface.triangles)).size).toBe(2 * expected.quads)

      const tets = tetBlock(hexes)
      expect(outerSurface(tets).triangles.length / 3).toBe(outerFacesByText(tets).triangles)
    }
  })

  it('each outer triangle keeps its cell and that cell’s winding: its normal points out of the cell', () => {
    const mesh = hexBlock(3, 3, 3)
    const surface = outerSurface(mesh)
    const at = (p: number) => [mesh.points[p * 3]!, mesh.points[p * 3 + 1]!, mesh.points[p * 3 + 2]!]
    for (let t = 0; t < surface.cells.length; t++) {
      const [a, b, c] = [0, 1, 2].map((k) => at(surface.triangles[t * 3 + k]!)) as [number[], number[], number[]]
      const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!]
      const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!]
      const normal = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!]
      const cell = surface.cells[t]!
      const centre = [0, 1, 2].map((j) => [...mesh.connectivity.subarray(cell * 8, cell * 8 + 8)].reduce((s, p) => s + at(p)[j]!, 0) / 8)
      const outwards = [a[0]! - centre[0]!, a[1]! - centre[1]!, a[2]! - centre[2]!]
      expect(normal[0]! * outwards[0]! + normal[1]! * outwards[1]! + normal[2]! * outwards[2]!).toBeGreaterThan(0)
    }
  })
})
