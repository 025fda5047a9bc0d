import type { ResultField, ResultMesh } from './result-mesh'

/** Where a field is least and greatest: the value, and the point (or cell centre) it is found at. */
export interface Extreme {
  value: number
  at: [number, number, number]
}

/** A field's key numbers, as a file's card shows them: a scalar as it is, a vector or tensor by its magnitude. */
export interface FieldSummary {
  name: string
  location: 'point' | 'cell'
  components: number
  min: Extreme
  max: Extreme
}

/** A field's value at one tuple: the value of a scalar, the magnitude of a vector or tensor, or one component. */
export function valueAt(field: ResultField, tuple: number, component: number | 'magnitude' = 'magnitude'): number {
  const n = field.components
  if (component !== 'magnitude') return field.values[tuple * n + component]!
  if (n === 1) return field.values[tuple]!
  let sum = 0
  for (let k = 0; k < n; k++) sum += field.values[tuple * n + k]! ** 2
  return Math.sqrt(sum)
}

/** The centre of a cell: the mean of its points. */
export function cellCentre(mesh: ResultMesh, cell: number): [number, number, number] {
  const start = cell === 0 ? 0 : mesh.offsets[cell - 1]!
  const end = mesh.offsets[cell]!
  const c: [number, number, number] = [0, 0, 0]
  for (let k = start; k < end; k++) {
    const p = mesh.connectivity[k]! * 3
    c[0] += mesh.points[p]!
    c[1] += mesh.points[p + 1]!
    c[2] += mesh.points[p + 2]!
  }
  const n = Math.max(1, end - start)
  return [c[0] / n, c[1] / n, c[2] / n]
}

/** Every field's least and greatest value and where each is; NaN values are passed over. */
export function summarizeFields(mesh: ResultMesh): FieldSummary[] {
  return mesh.fields.flatMap((field) => {
    const tuples = field.values.length / field.components
    let lo = -1
    let hi = -1
    let loValue = Infinity
    let hiValue = -Infinity
    for (let t = 0; t < tuples; t++) {
      const v = valueAt(field, t)
      if (Number.isNaN(v)) continue
      if (v < loValue) [loValue, lo] = [v, t]
      if (v > hiValue) [hiValue, hi] = [v, t]
    }
    if (lo < 0) return []
    const where = (t: number): [number, number, number] => (field.location === 'point' ? [mesh.points[t * 3]!, mesh.points[t * 3 + 1]!, mesh.points[t * 3 + 2]!] : cellCentre(mesh, t))
    return [{ name: field.name, location: field.location, components: field.components, min: { value: loValue, at: where(lo) }, max: { value: hiValue, at: where(hi) } }]
  })
}
