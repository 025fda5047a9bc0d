import * as THREE from 'three'
import { cross, fitCircle, length, normalize, scale, dot, sub, type Circle, type Vec3 } from '../../../../lib/model-measure/measure'


/** A mesh's triangles in world coordinates, with each corner's welded point number (corners at one place share it). */
export interface WorldTriangles {
  positions: Float32Array
  /** Three corner numbers per triangle, into `positions`. */
  index: Uint32Array
  /** Each corner's point number, points at the same place given one number. */
  welded: Uint32Array
}

const cache = new WeakMap<THREE.Mesh, { matrix: THREE.Matrix4; triangles: WorldTriangles }>()

/** The mesh's triangles in world coordinates (kept until the mesh moves). */
export function worldTriangles(mesh: THREE.Mesh): WorldTriangles {
  const cached = cache.get(mesh)
  if (cached && cached.matrix.equals(mesh.matrixWorld)) return cached.triangles
  const geometry = mesh.geometry
  const position = geometry.getAttribute('position') as THREE.BufferAttribute
  const positions = new Float32Array(position.count * 3)
  const v = new THREE.Vector3()
  for (let i = 0; i < position.count; i++) {
    v.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld)
    positions.set([v.x, v.y, v.z], i * 3)
  }
  const index = geometry.index ? new Uint32Array(geometry.index.array) : Uint32Array.from({ length: position.count - (position.count % 3) }, (_, i) => i)
  const seen = new Map<string, number>()
  const welded = new Uint32Array(position.count)
  for (let i = 0; i < position.count; i++) {
    // Float32 coordinates rounded a little, so a corner written twice with rounding noise is one point.
    const key = `${Math.round(positions[i * 3]! * 1e4)},${Math.round(positions[i * 3 + 1]! * 1e4)},${Math.round(positions[i * 3 + 2]! * 1e4)}`
    const first = seen.get(key)
    welded[i] = first ?? i
    if (first === undefined) seen.set(key, i)
  }
  const triangles = { positions, index, welded }
  cache.set(mesh, { matrix: mesh.matrixWorld.clone(), triangles })
  return triangles
}

export function corner(t: WorldTriangles, triangle: number, k: number): Vec3 {
  const i = t.index[triangle * 3 + k]!
  return [t.positions[i * 3]!, t.positions[i * 3 + 1]!, t.positions[i * 3 + 2]!]
}

export function triangleCorners(t: WorldTriangles, triangle: number): [Vec3, Vec3, Vec3] {
  return [corner(t, triangle, 0), corner(t, triangle, 1), corner(t, triangle, 2)]
}

export function unitNormal(t: WorldTriangles, triangle: number): Vec3 {
  const [a, b, c] = triangleCorners(t, triangle)
  return normalize(cross(sub(b, a), sub(c, a)))
}

const edgeKey = (p: number, q: number) => (p < q ? `${p}:${q}` : `${q}:${p}`)

const edgeMaps = new WeakMap<WorldTriangles, Map<string, number[]>>()

/** The triangles on each edge (keyed by its two welded point numbers), made once per set of triangles. */
function trianglesByEdge(t: WorldTriangles): Map<string, number[]> {
  const known = edgeMaps.get(t)
  if (known) return known
  const byEdge = new Map<string, number[]>()
  for (let tri = 0; tri < t.index.length / 3; tri++)
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(t.welded[t.index[tri * 3 + k]!]!, t.welded[t.index[tri * 3 + ((k + 1) % 3)]!]!)
      const list = byEdge.get(key)
      if (list) list.push(tri)
      else byEdge.set(key, [tri])
    }
  edgeMaps.set(t, byEdge)
  return byEdge
}

/**
 * The direction of the model's edge nearest a point picked on a triangle, when one of the triangle's
 * sides lies within `tolerance` of it and is an edge of the model: a rim (one triangle) or a crease,
 * where the faces on either side turn by more than `minTurn` degrees. Null otherwise.
 */
export function edgeNear(t: WorldTriangles, triangle: number, point: Vec3, tolerance: number, minTurn = 25): Vec3 | null {
  const byEdge = trianglesByEdge(t)
  const corners = triangleCorners(t, triangle)
  let best: { direction: Vec3; distance: number } | null = null
  for (let k = 0; k < 3; k++) {
    const a = corners[k]!
    const b = corners[(k + 1) % 3]!
    const ab = sub(b, a)
    const along = Math.min(1, Math.max(0, dot(sub(point, a), ab) / Math.max(dot(ab, ab), 1e-30)))
    const d = length(sub(point, [a[0] + ab[0] * along, a[1] + ab[1] * along, a[2] + ab[2] * along]))
    if (d > tolerance || (best && d >= best.distance)) continue
    const sharing = byEdge.get(edgeKey(t.welded[t.index[triangle * 3 + k]!]!, t.welded[t.index[triangle * 3 + ((k + 1) % 3)]!]!)) ?? []
    const n = unitNormal(t, triangle)
    const crease = sharing.length !== 2 || sharing.some((other) => dot(n, unitNormal(t, other)) < Math.cos((minTurn * Math.PI) / 180))
    if (crease) best = { direction: normalize(ab), distance: d }
  }
  return best?.direction ?? null
}

/**
 * The face a triangle belongs to: the triangles reached from it across shared edges whose normals turn
 * by less than `maxTurn` degrees at each step (a flat face, or a cylinder's wall of narrow facets).
 */
export function faceAround(t: WorldTriangles, start: number, maxTurn = 25, limit = 200_000): number[] {
  const byEdge = trianglesByEdge(t)
  const cosLimit = Math.cos((maxTurn * Math.PI) / 180)
  const inFace = new Set([start])
  const queue = [start]
  while (queue.length && inFace.size < limit) {
    const tri = queue.pop()!
    const n = unitNormal(t, tri)
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(t.welded[t.index[tri * 3 + k]!]!, t.welded[t.index[tri * 3 + ((k + 1) % 3)]!]!)
      for (const next of byEdge.get(key) ?? []) {
        if (inFace.has(next)) continue
        if (dot(n, unitNormal(t, next)) < cosLimit) continue
        inFace.add(next)
        queue.push(next)
      }
    }
  }
  return [...inFace]
}

/** The rims of a face: its edges used by one of its triangles only, joined into loops of points. */
function rims(t: WorldTriangles, face: readonly number[]): Vec3[][] {
  const uses = new Map<string, [number, number, number]>()
  for (const tri of face)
    for (let k = 0; k < 3; k++) {
      const p = t.welded[t.index[tri * 3 + k]!]!
      const q = t.welded[t.index[tri * 3 + ((k + 1) % 3)]!]!
      const key = edgeKey(p, q)
      const used = uses.get(key)
      uses.set(key, used ? [p, q, used[2] + 1] : [p, q, 1])
    }
  const next = new Map<number, number[]>()
  for (const [p, q, n] of uses.values()) {
    if (n !== 1) continue
    next.set(p, [...(next.get(p) ?? []), q])
    next.set(q, [...(next.get(q) ?? []), p])
  }
  const point = (i: number): Vec3 => [t.positions[i * 3]!, t.positions[i * 3 + 1]!, t.positions[i * 3 + 2]!]
  const visited = new Set<number>()
  const loops: Vec3[][] = []
  for (const first of next.keys()) {
    if (visited.has(first)) continue
    const loop: Vec3[] = []
    const stack = [first]
    while (stack.length) {
      const i = stack.pop()!
      if (visited.has(i)) continue
      visited.add(i)
      loop.push(point(i))
      for (const j of next.get(i) ?? []) if (!visited.has(j)) stack.push(j)
    }
    loops.push(loop)
  }
  return loops
}

/** A circle fitted well enough to call the geometry round: its points stray by under 1 % of the radius. */
const round = (circle: Circle, points: number) => points >= 6 && circle.radius > 0 && circle.residual <= circle.radius * 0.01

/**
 * The circle of a picked face: a cylindrical face's (its axis square to every facet's normal, its
 * points projected along the axis and fitted), or, on a flat face, the circular rim nearest the pick
 * (a hole's edge) when the pick is within half its radius of it. Null when neither is round.
 */
export function circleOfFace(t: WorldTriangles, face: readonly number[], picked: Vec3): Circle | null {
  const normals = face.map((tri) => unitNormal(t, tri))
  const n0 = normals[0]!
  let axis: Vec3 = [0, 0, 0]
  for (const n of normals) {
    const c = cross(n0, n)
    if (length(c) > length(axis)) axis = c
  }
  if (length(axis) > Math.sin((5 * Math.PI) / 180)) {
    const along = normalize(axis)
    const points = new Map<number, Vec3>()
    for (const tri of face)
      for (let k = 0; k < 3; k++) {
        const i = t.welded[t.index[tri * 3 + k]!]!
        if (points.has(i)) continue
        const p: Vec3 = [t.positions[i * 3]!, t.positions[i * 3 + 1]!, t.positions[i * 3 + 2]!]
        points.set(i, sub(p, scale(along, dot(p, along))))
      }
    const flat = [...points.values()]
    if (flat.length < 3) return null
    const circle = fitCircle(flat)
    if (!round(circle, flat.length)) return null
    const height = dot(picked, along)
    return { ...circle, centre: [circle.centre[0] + along[0] * height, circle.centre[1] + along[1] * height, circle.centre[2] + along[2] * height], normal: along }
  }
  let best: { circle: Circle; distance: number } | null = null
  for (const loop of rims(t, face)) {
    if (loop.length < 6) continue
    const circle = fitCircle(loop)
    if (!round(circle, loop.length)) continue
    const d = Math.abs(length(sub(picked, circle.centre)) - circle.radius)
    // Beside the rim: within half its radius of it.
    if (d > circle.radius / 2) continue
    if (!best || d < best.distance) best = { circle, distance: d }
  }
  return best?.circle ?? null
}
