import { ResultFormatError } from './result-mesh'

/**
 * Polydata's cells as the viewer reads them. VTK keeps polydata's cells in four lists (vertices,
 * lines, polygons, strips) whose cell data runs in that order; each list is written as runs of
 * "count, point, point…" (the legacy file's 4.2 layout and ParaView's scene export) or as offsets and
 * connectivity. A cell's type follows from its list and its number of points.
 */

export type PolyList = 'verts' | 'lines' | 'polys' | 'strips'

export interface CellList {
  /** Where each cell ends in `connectivity`. */
  offsets: number[]
  connectivity: number[]
}

const order: readonly PolyList[] = ['verts', 'lines', 'polys', 'strips']

const typeOf: Record<PolyList, (points: number) => number> = {
  verts: (n) => (n === 1 ? 1 : 2),
  lines: (n) => (n === 2 ? 3 : 4),
  polys: (n) => (n === 3 ? 5 : n === 4 ? 9 : 7),
  strips: () => 6,
}

/** A list of `count` cells written as runs of "number of points, the points…" (`count` unknown: all runs). */
export function cellsFromRuns(runs: ArrayLike<number>, count = Number.POSITIVE_INFINITY): CellList {
  const offsets: number[] = []
  const connectivity: number[] = []
  let k = 0
  for (let i = 0; i < count && k < runs.length; i++) {
    const size = runs[k++]!
    if (!Number.isInteger(size) || size < 0 || k + size > runs.length) throw new ResultFormatError('A cell list ends inside a cell')
    for (let j = 0; j < size; j++) connectivity.push(runs[k++]!)
    offsets.push(connectivity.length)
  }
  if (Number.isFinite(count) && offsets.length < count) throw new ResultFormatError('A cell list holds fewer cells than it says')
  return { offsets, connectivity }
}

/** Polydata's lists as one list of cells with their VTK types, in the order of its cell data. */
export function polyCells(lists: { list: PolyList; cells: CellList }[]) {
  const connectivity: number[] = []
  const offsets: number[] = []
  const types: number[] = []
  for (const { list, cells } of [...lists].sort((a, b) => order.indexOf(a.list) - order.indexOf(b.list))) {
    let start = 0
    for (const end of cells.offsets) {
      for (let k = start; k < end; k++) connectivity.push(cells.connectivity[k]!)
      offsets.push(connectivity.length)
      types.push(typeOf[list](end - start))
      start = end
    }
  }
  return { connectivity: Uint32Array.from(connectivity), offsets: Uint32Array.from(offsets), types: Uint8Array.from(types) }
}
