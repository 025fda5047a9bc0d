import { valueAt } from './field-summary'
import type { OuterSurface } from './outer-surface'
import type { ResultField, ResultMesh } from './result-mesh'

/** Which number of a field colours the model: a scalar, a vector's magnitude or one of its components. */
export type FieldComponent = number | 'magnitude'

export interface FieldRange {
  min: number
  max: number
}

/**
 * The colour scale of the legend, blue (least) through green and yellow to red (greatest), as
 * engineers read stress and velocity plots: nine stops, interpolated linearly in between.
 */
const stops: readonly (readonly [number, number, number])[] = [
  [0.0, 0.0, 0.5],
  [0.0, 0.0, 1.0],
  [0.0, 0.5, 1.0],
  [0.0, 1.0, 1.0],
  [0.5, 1.0, 0.5],
  [1.0, 1.0, 0.0],
  [1.0, 0.5, 0.0],
  [1.0, 0.0, 0.0],
  [0.5, 0.0, 0.0],
]

/** The colour of a value on the scale of a range (values outside take the end colours). */
export function colourOf(value: number, { min, max }: FieldRange): [number, number, number] {
  const t = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0.5
  const x = t * (stops.length - 1)
  const i = Math.min(stops.length - 2, Math.floor(x))
  const f = x - i
  const a = stops[i]!
  const b = stops[i + 1]!
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]
}

/** A field's range over the whole mesh, for the chosen number of it. */
export function rangeOf(field: ResultField, component: FieldComponent = 'magnitude'): FieldRange {
  let min = Infinity
  let max = -Infinity
  const tuples = field.values.length / field.components
  for (let t = 0; t < tuples; t++) {
    const v = valueAt(field, t, component)
    if (Number.isNaN(v)) continue
    if (v < min) min = v
    if (v > max) max = v
  }
  return min <= max ? { min, max } : { min: 0, max: 0 }
}

/**
 * Colours for the surface's triangles' corners (r g b per corner, three corners a triangle): a point
 * field by each corner's value, a cell field by the value of the triangle's cell (flat).
 */
export function surfaceColours(surface: OuterSurface, field: ResultField, range: FieldRange, component: FieldComponent = 'magnitude'): Float32Array {
  const out = new Float32Array(surface.triangles.length * 3)
  for (let corner = 0; corner < surface.triangles.length; corner++) {
    const tuple = field.location === 'point' ? surface.triangles[corner]! : surface.cells[Math.floor(corner / 3)]!
    out.set(colourOf(valueAt(field, tuple, component), range), corner * 3)
  }
  return out
}

/**
 * The value under the pointer on a surface triangle: a point field interpolated between the
 * triangle's corners by the hit's barycentric weights, a cell field the value of its cell.
 */
export function probe(mesh: ResultMesh, surface: OuterSurface, triangle: number, weights: readonly [number, number, number], field: ResultField, component: FieldComponent = 'magnitude'): number {
  if (field.location === 'cell') return valueAt(field, surface.cells[triangle]!, component)
  let value = 0
  for (let k = 0; k < 3; k++) value += weights[k]! * valueAt(field, surface.triangles[triangle * 3 + k]!, component)
  return value
}

/** The points moved by a displacement field times a scale (1: the true displacement). */
export function warpedPoints(mesh: ResultMesh, displacement: ResultField, factor: number): Float64Array {
  if (displacement.location !== 'point' || displacement.components !== 3) throw new Error('Only a vector field on the points can warp the mesh')
  const out = new Float64Array(mesh.points.length)
  for (let i = 0; i < out.length; i++) out[i] = mesh.points[i]! + factor * displacement.values[i]!
  return out
}
