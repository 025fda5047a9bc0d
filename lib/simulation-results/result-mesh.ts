/**
 * A simulation result as the viewer and the upload check read it, whatever file it came from: the
 * mesh's points, its cells, and the fields solved on its points or cells.
 */

/** Where a field's values sit: one tuple a point, or one tuple a cell. */
export type FieldLocation = 'point' | 'cell'

export interface ResultField {
  name: string
  location: FieldLocation
  /** Values a tuple: 1 for a scalar, 3 for a vector, 6 or 9 for a tensor. */
  components: number
  /** Tuples one after the other (x0 y0 z0 x1 y1 z1 … for a vector). */
  values: Float64Array | Float32Array
}

export interface ResultMesh {
  /** x y z of each point. */
  points: Float64Array | Float32Array
  /** The points of each cell, one cell after the other; `offsets[i]` is where cell i ends. */
  connectivity: Uint32Array
  offsets: Uint32Array
  /** Each cell's VTK cell type (5 triangle, 9 quad, 10 tetra, 12 hexahedron, …). */
  types: Uint8Array
  fields: ResultField[]
}

/** The number of points of a mesh. */
export const pointCount = (mesh: Pick<ResultMesh, 'points'>) => mesh.points.length / 3

/** The number of cells of a mesh. */
export const cellCount = (mesh: Pick<ResultMesh, 'offsets'>) => mesh.offsets.length

/** A result file the reader cannot take, with the reason a person can act on. */
export class ResultFormatError extends Error {
  override name = 'ResultFormatError'
}
