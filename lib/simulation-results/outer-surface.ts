import type { ResultMesh } from './result-mesh'

/**
 * The outer surface of a mesh as triangles: every face of a solid cell that no other cell shares,
 * and every surface cell (triangles, quads, polygons, strips) as it is. Each triangle remembers its
 * cell, so a cell field colours the surface too. Faces are matched by their corner points in a hash
 * table of typed arrays, which keeps a million cells within memory and time a browser's worker has.
 */
export interface OuterSurface {
  /** Three point numbers a triangle. */
  triangles: Uint32Array
  /** The cell each triangle belongs to. */
  cells: Uint32Array
}

/** The faces of VTK's solid cells by their corner points (quadratic cells by their corners). */
const solidFaces: Record<number, number[][]> = {
  10: [[0, 1, 3], [1, 2, 3], [2, 0, 3], [0, 2, 1]],
  12: [[0, 4, 7, 3], [1, 2, 6, 5], [0, 1, 5, 4], [3, 7, 6, 2], [0, 3, 2, 1], [4, 5, 6, 7]],
  13: [[0, 1, 2], [3, 5, 4], [0, 3, 4, 1], [1, 4, 5, 2], [2, 5, 3, 0]],
  14: [[0, 3, 2, 1], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]],
  11: [[0, 2, 6, 4], [1, 5, 7, 3], [0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6]], // voxel
}
solidFaces[24] = solidFaces[10]! // quadratic tetra
solidFaces[25] = solidFaces[12]! // quadratic hexahedron
solidFaces[26] = solidFaces[13]! // quadratic wedge
solidFaces[27] = solidFaces[14]! // quadratic pyramid

/** Surface cells drawn as they are, by how many of their first points are corners. */
const surfaceCorners: Record<number, number> = { 5: 3, 9: 4, 22: 3, 23: 4, 28: 4 }

export function outerSurface(mesh: ResultMesh): OuterSurface {
  const { connectivity, offsets, types } = mesh
  const cellTotal = offsets.length
  let faceTotal = 0
  for (let c = 0; c < cellTotal; c++) faceTotal += solidFaces[types[c]!]?.length ?? 0
  const table = new FaceTable(faceTotal)
  const tris: number[] = []
  const owners: number[] = []
  const polygon = (corners: number[], cell: number) => {
    for (let k = 1; k + 1 < corners.length; k++) {
      tris.push(corners[0]!, corners[k]!, corners[k + 1]!)
      owners.push(cell)
    }
  }
  for (let c = 0; c < cellTotal; c++) {
    const start = c === 0 ? 0 : offsets[c - 1]!
    const end = offsets[c]!
    const type = types[c]!
    const faces = solidFaces[type]
    if (faces) {
      for (let f = 0; f < faces.length; f++) table.add(faces[f]!.map((k) => connectivity[start + k]!), c, f)
      continue
    }
    if (type === 7) polygon(Array.from(connectivity.subarray(start, end)), c)
    else if (type === 6) {
      for (let k = start; k + 2 < end; k++) {
        const even = (k - start) % 2 === 0
        tris.push(connectivity[k]!, connectivity[even ? k + 1 : k + 2]!, connectivity[even ? k + 2 : k + 1]!)
        owners.push(c)
      }
    } else if (surfaceCorners[type]) polygon(Array.from(connectivity.subarray(start, start + surfaceCorners[type]!)), c)
  }
  // Faces met once are on the outside; drawn in the winding of the cell that owns them.
  table.forEachSingle((cell, face) => {
    const start = cell === 0 ? 0 : offsets[cell - 1]!
    polygon(solidFaces[types[cell]!]![face]!.map((k) => connectivity[start + k]!), cell)
  })
  return { triangles: Uint32Array.from(tris), cells: Uint32Array.from(owners) }
}

const EMPTY = 0xffffffff

/** Faces by their sorted corners (3 or 4), counting how often each is met, with the first cell and face met. */
class FaceTable {
  private readonly mask: number
  private readonly keys: Uint32Array
  private readonly counts: Uint8Array
  private readonly cells: Uint32Array
  private readonly faces: Uint8Array

  constructor(faceTotal: number) {
    let capacity = 16
    while (capacity < faceTotal * 2) capacity *= 2
    this.mask = capacity - 1
    this.keys = new Uint32Array(capacity * 4).fill(EMPTY)
    this.counts = new Uint8Array(capacity)
    this.cells = new Uint32Array(capacity)
    this.faces = new Uint8Array(capacity)
  }

  add(corners: number[], cell: number, face: number) {
    const k = corners.slice().sort((a, b) => a - b)
    const k3 = k.length === 4 ? k[3]! : EMPTY
    let h = (Math.imul(k[0]!, 0x9e3779b1) ^ Math.imul(k[1]!, 0x85ebca77) ^ Math.imul(k[2]!, 0xc2b2ae3d) ^ Math.imul(k3, 0x27d4eb2f)) >>> 0
    for (;;) {
      const slot = h & this.mask
      const at = slot * 4
      if (this.counts[slot] === 0) {
        this.keys[at] = k[0]!
        this.keys[at + 1] = k[1]!
        this.keys[at + 2] = k[2]!
        this.keys[at + 3] = k3
        this.counts[slot] = 1
        this.cells[slot] = cell
        this.faces[slot] = face
        return
      }
      if (this.keys[at] === k[0] && this.keys[at + 1] === k[1] && this.keys[at + 2] === k[2] && this.keys[at + 3] === k3) {
        this.counts[slot] = Math.min(this.counts[slot]! + 1, 255)
        return
      }
      h = slot + 1
    }
  }

  forEachSingle(visit: (cell: number, face: number) => void) {
    for (let slot = 0; slot < this.counts.length; slot++) if (this.counts[slot] === 1) visit(this.cells[slot]!, this.faces[slot]!)
  }
}
