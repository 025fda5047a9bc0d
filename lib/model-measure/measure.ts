/**
 * The measurements of the model viewer, as plain geometry on triangle meshes in the model's units:
 * distances, angles, circles (a hole's diameter from its rim), bounding boxes, and the volume and
 * surface area of a closed solid. Pure functions, so the viewer's worker and the tests share them.
 */

export type Vec3 = readonly [number, number, number]

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k]
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
export const length = (a: Vec3) => Math.hypot(a[0], a[1], a[2])
export const normalize = (a: Vec3): Vec3 => {
  const l = length(a)
  return l === 0 ? [0, 0, 0] : scale(a, 1 / l)
}

/** The distance between two points. */
export const distance = (a: Vec3, b: Vec3) => length(sub(a, b))

/**
 * The angle between two directions in degrees, 0 to 90 for lines (an edge has no way round) or 0 to
 * 180 for faces' normals (`oriented`), where the angle between two faces meeting square is 90.
 */
export function angleBetween(a: Vec3, b: Vec3, oriented = true): number {
  const cos = dot(normalize(a), normalize(b))
  const degrees = (Math.acos(Math.min(1, Math.max(-1, oriented ? cos : Math.abs(cos)))) * 180) / Math.PI
  return degrees
}

/** A triangle's normal (not scaled). */
export const triangleNormal = (a: Vec3, b: Vec3, c: Vec3) => cross(sub(b, a), sub(c, a))

export interface Box {
  min: Vec3
  max: Vec3
  size: Vec3
}

/** The axis-aligned box around points given as x y z runs. */
export function boundingBox(positions: ArrayLike<number>): Box {
  const min = [Infinity, Infinity, Infinity]
  const max = [-Infinity, -Infinity, -Infinity]
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!
      if (v < min[k]!) min[k] = v
      if (v > max[k]!) max[k] = v
    }
  }
  return { min: min as unknown as Vec3, max: max as unknown as Vec3, size: [max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!] }
}

const vertex = (positions: ArrayLike<number>, i: number): Vec3 => [positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!]

/**
 * The volume and surface area of a triangle mesh, and whether it is closed (every edge shared by
 * exactly two triangles, so the volume means something). Volume by the divergence theorem: the sum
 * of the signed tetrahedra each triangle makes with the origin, in absolute value.
 */
export function solidProperties(positions: ArrayLike<number>, indices: ArrayLike<number>): { volume: number; area: number; closed: boolean } {
  let volume = 0
  let area = 0
  const edges = new Map<string, number>()
  const keyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`)
  // Points at the same place count as one: many exporters repeat corners for each face.
  const welded = weld(positions)
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = vertex(positions, indices[t]!)
    const b = vertex(positions, indices[t + 1]!)
    const c = vertex(positions, indices[t + 2]!)
    volume += dot(a, cross(b, c)) / 6
    area += length(triangleNormal(a, b, c)) / 2
    const [i, j, k] = [welded[indices[t]!]!, welded[indices[t + 1]!]!, welded[indices[t + 2]!]!]
    for (const [p, q] of [
      [i, j],
      [j, k],
      [k, i],
    ] as const) {
      const key = keyOf(p, q)
      edges.set(key, (edges.get(key) ?? 0) + 1)
    }
  }
  const closed = edges.size > 0 && [...edges.values()].every((n) => n === 2)
  return { volume: Math.abs(volume), area, closed }
}

/** Each point's number, with points at the same place given the first one's number. */
function weld(positions: ArrayLike<number>): Uint32Array {
  const seen = new Map<string, number>()
  const out = new Uint32Array(positions.length / 3)
  for (let i = 0; i < out.length; i++) {
    const key = `${positions[i * 3]},${positions[i * 3 + 1]},${positions[i * 3 + 2]}`
    const first = seen.get(key)
    out[i] = first ?? i
    if (first === undefined) seen.set(key, i)
  }
  return out
}

export interface Circle {
  centre: Vec3
  normal: Vec3
  radius: number
  /** The largest distance of a point from the circle, in the model's units: how well it fits. */
  residual: number
}

/**
 * The circle through points of a circular edge or a cylinder's rim (a hole's edge): the plane that
 * fits them best (least squares, through their centroid), then the circle in that plane that fits
 * best (Kåsa's algebraic fit, exact for points on a circle). Needs three points or more.
 */
export function fitCircle(points: readonly Vec3[]): Circle {
  if (points.length < 3) throw new Error('A circle needs three points or more')
  const centroid = scale(points.reduce<Vec3>((s, p) => add(s, p), [0, 0, 0]), 1 / points.length)
  const normal = planeNormal(points, centroid)
  // Two directions in the plane.
  const helper: Vec3 = Math.abs(normal[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]
  const u = normalize(cross(normal, helper))
  const v = cross(normal, u)
  const flat = points.map((p) => {
    const d = sub(p, centroid)
    return [dot(d, u), dot(d, v)] as const
  })
  // Solve x² + y² + D x + E y + F = 0 in the least-squares sense (3 x 3 normal equations).
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ]
  const r = [0, 0, 0]
  for (const [x, y] of flat) {
    const row = [x, y, 1]
    const rhs = -(x * x + y * y)
    for (let i = 0; i < 3; i++) {
      r[i]! += row[i]! * rhs
      for (let j = 0; j < 3; j++) m[i]![j]! += row[i]! * row[j]!
    }
  }
  const [D, E, F] = solve3(m, r)
  const cx = -D / 2
  const cy = -E / 2
  const radius = Math.sqrt(Math.max(0, cx * cx + cy * cy - F))
  const centre = add(centroid, add(scale(u, cx), scale(v, cy)))
  // A loop, not Math.max(...): a cylinder's face may bring more points than a call takes arguments.
  let residual = 0
  for (const [x, y] of flat) residual = Math.max(residual, Math.abs(Math.hypot(x - cx, y - cy) - radius))
  return { centre, normal, radius, residual }
}

/** The normal of the plane that fits points best: the covariance's eigenvector of least eigenvalue. */
function planeNormal(points: readonly Vec3[], centroid: Vec3): Vec3 {
  const c = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ]
  for (const p of points) {
    const d = sub(p, centroid)
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) c[i]![j]! += d[i]! * d[j]!
  }
  const { values, vectors } = symmetricEigen(c)
  const least = values.indexOf(Math.min(...values))
  const normal: Vec3 = [vectors[0]![least]!, vectors[1]![least]!, vectors[2]![least]!]
  return length(normal) > 0 ? normalize(normal) : [0, 0, 1]
}

/** Eigenvalues and eigenvectors (as columns) of a symmetric 3 x 3 matrix, by Jacobi rotations. */
function symmetricEigen(input: number[][]): { values: number[]; vectors: number[][] } {
  const a = input.map((row) => [...row])
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0]![1]! ** 2 + a[0]![2]! ** 2 + a[1]![2]! ** 2
    if (off < 1e-30) break
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      if (Math.abs(a[p]![q]!) < 1e-300) continue
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!)
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
      const cos = 1 / Math.sqrt(t * t + 1)
      const sin = t * cos
      for (let k = 0; k < 3; k++) {
        const akp = a[k]![p]!
        const akq = a[k]![q]!
        a[k]![p] = cos * akp - sin * akq
        a[k]![q] = sin * akp + cos * akq
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p]![k]!
        const aqk = a[q]![k]!
        a[p]![k] = cos * apk - sin * aqk
        a[q]![k] = sin * apk + cos * aqk
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k]![p]!
        const vkq = v[k]![q]!
        v[k]![p] = cos * vkp - sin * vkq
        v[k]![q] = sin * vkp + cos * vkq
      }
    }
  }
  return { values: [a[0]![0]!, a[1]![1]!, a[2]![2]!], vectors: v }
}

/** Solves a 3 x 3 linear system by Cramer's rule. */
function solve3(m: number[][], r: number[]): [number, number, number] {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) - a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) + a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!)
  const d = det(m)
  if (d === 0) throw new Error('The points do not make a circle')
  const column = (k: number) => m.map((row, i) => row.map((v, j) => (j === k ? r[i]! : v)))
  return [det(column(0)) / d, det(column(1)) / d, det(column(2)) / d]
}

/** What a pick snaps to on a triangle: its corners, its edges' midpoints and its centre. */
export type SnapKind = 'vertex' | 'edge-midpoint' | 'face-centre'

/**
 * The snapping point nearest to where a triangle was picked, within `tolerance` (model units), or
 * the picked point itself when none is that near.
 */
export function snapOnTriangle(hit: Vec3, [a, b, c]: readonly [Vec3, Vec3, Vec3], tolerance: number): { point: Vec3; kind: SnapKind | null } {
  const candidates: [Vec3, SnapKind][] = [
    [a, 'vertex'],
    [b, 'vertex'],
    [c, 'vertex'],
    [scale(add(a, b), 0.5), 'edge-midpoint'],
    [scale(add(b, c), 0.5), 'edge-midpoint'],
    [scale(add(c, a), 0.5), 'edge-midpoint'],
    [scale(add(add(a, b), c), 1 / 3), 'face-centre'],
  ]
  let best: { point: Vec3; kind: SnapKind | null } = { point: hit, kind: null }
  let bestDistance = tolerance
  for (const [point, kind] of candidates) {
    const d = distance(point, hit)
    if (d <= bestDistance) [best, bestDistance] = [{ point, kind }, d]
  }
  return best
}
