import type { ResultMesh } from './result-mesh'

/**
 * The outer surface of a mesh as triangles: every face of a solid cell that no other cell shares,
 * and every surface cell (triangles, quads, polygons, strips) as it is. Each triangle remembers its
 * cell, so a cell field colours the surface too.
 *
 * Faces are matched by their sorted corner points in an open-addressing hash table of typed arrays
 * (a well-mixed hash of the corners, linear probing): no strings, no arrays and no objects per face,
 * so a million hexahedra (six million faces) take a fraction of a second and a few tens of
 * megabytes in a browser's worker.
 */
export interface OuterSurface {
  /** Three point numbers a triangle. */
  triangles: Uint32Array
  /** The cell each triangle belongs to. */
  cells: Uint32Array
}

/** The faces of VTK's solid cells by their corner points (quadratic cells by their corners). */
const solidFaceLists: Record<number, number[][]> = {
  10: [[0, 1, 3], [1, 2, 3], [2, 0, 3], [0, 2, 1]],
  12: [[0, 4, 7, 3], [1, 2, 6, 5], [0, 1, 5, 4], [3, 7, 6, 2], [0, 3, 2, 1], [4, 5, 6, 7]],
  13: [[0, 1, 2], [3, 5, 4], [0, 3, 4, 1], [1, 4, 5, 2], [2, 5, 3, 0]],
  14: [[0, 3, 2, 1], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]],
  11: [[0, 2, 6, 4], [1, 5, 7, 3], [0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6]], // voxel
}
solidFaceLists[24] = solidFaceLists[10]! // quadratic tetra
solidFaceLists[25] = solidFaceLists[12]! // quadratic hexahedron
solidFaceLists[26] = solidFaceLists[13]! // quadratic wedge
solidFaceLists[27] = solidFaceLists[14]! // quadratic pyramid

/**
 * The same faces as flat tables indexed by cell type: `faceCount[type]` faces, face f of a type at
 * `faceAt[type] + f`, its corners `corners[(faceAt[type] + f) * 4 ..]` (a triangle's fourth is -1).
 */
const faceCount = new Uint8Array(256)
const faceAt = new Uint16Array(256)
const faceCorners: number[] = []
for (const [type, faces] of Object.entries(solidFaceLists)) {
  faceCount[Number(type)] = faces.length
  faceAt[Number(type)] = faceCorners.length / 4
  for (const face of faces) faceCorners.push(face[0]!, face[1]!, face[2]!, face.length === 4 ? face[3]! : -1)
}
const corners = Int8Array.from(faceCorners)

/** Surface cells drawn as they are, by how many of their first points are corners. */
const surfaceCorners: Record<number, number> = { 5: 3, 9: 4, 22: 3, 23: 4, 28: 4 }

const EMPTY = 0xffffffff
/** A table slot's first word: the cell in its low bits, then the face, then whether it is shared. */
const CELL_BITS = 28
const CELL_MASK = (1 << CELL_BITS) - 1
const SHARED = 0x80000000

export function outerSurface(mesh: ResultMesh): OuterSurface {
  const { connectivity, offsets, types } = mesh
  const cellTotal = offsets.length
  let faceTotal = 0
  let surfaceTriangles = 0
  for (let c = 0; c < cellTotal; c++) {
    const type = types[c]!
    const faces = faceCount[type]!
    if (faces) {
      faceTotal += faces
      continue
    }
    const size = offsets[c]! - (c === 0 ? 0 : offsets[c - 1]!)
    if (type === 7 || type === 6) surfaceTriangles += Math.max(0, size - 2)
    else if (surfaceCorners[type]) surfaceTriangles += surfaceCorners[type]! - 2
  }

  const table = new FaceTable(faceTotal, mesh.points.length / 3, connectivity, offsets, types)
  for (let c = 0; c < cellTotal; c++) {
    const faces = faceCount[types[c]!]!
    for (let f = 0; f < faces; f++) table.add(c, f)
  }

  // Faces met once are on the outside; each is drawn in the winding of the cell that owns it.
  let singleTriangles = 0
  table.forEachSingle((cell, face) => (singleTriangles += corners[(faceAt[types[cell]!]! + face) * 4 + 3]! < 0 ? 1 : 2))
  const triangles = new Uint32Array((surfaceTriangles + singleTriangles) * 3)
  const owners = new Uint32Array(surfaceTriangles + singleTriangles)
  let t = 0
  const triangle = (a: number, b: number, c: number, cell: number) => {
    triangles[t * 3] = a
    triangles[t * 3 + 1] = b
    triangles[t * 3 + 2] = c
    owners[t++] = cell
  }
  /** A polygon of `count` corners starting at `start` in the connectivity, as a fan. */
  const fan = (start: number, count: number, cell: number) => {
    for (let k = 1; k + 1 < count; k++) triangle(connectivity[start]!, connectivity[start + k]!, connectivity[start + k + 1]!, cell)
  }
  for (let c = 0; c < cellTotal; c++) {
    const type = types[c]!
    if (faceCount[type]) continue
    const start = c === 0 ? 0 : offsets[c - 1]!
    const end = offsets[c]!
    if (type === 7) fan(start, end - start, c)
    else if (type === 6) {
      for (let k = start; k + 2 < end; k++) {
        const even = (k - start) % 2 === 0
        triangle(connectivity[k]!, connectivity[even ? k + 1 : k + 2]!, connectivity[even ? k + 2 : k + 1]!, c)
      }
    } else if (surfaceCorners[type]) fan(start, surfaceCorners[type]!, c)
  }
  table.forEachSingle((cell, face) => {
    const start = cell === 0 ? 0 : offsets[cell - 1]!
    const at = (faceAt[types[cell]!]! + face) * 4
    const a = connectivity[start + corners[at]!]!
    const b = connectivity[start + corners[at + 1]!]!
    const c = connectivity[start + corners[at + 2]!]!
    triangle(a, b, c, cell)
    if (corners[at + 3]! >= 0) triangle(a, c, connectivity[start + corners[at + 3]!]!, cell)
  })
  return { triangles, cells: owners }
}

/**
 * Faces by their sorted corners (3 or 4), marking whether each is met once or more, with the first
 * cell and face that met it. A slot is two words, one cache line's read: the cell (28 bits), the
 * face (3 bits) and the shared mark (the top bit), then a 32-bit fingerprint of the corners; a
 * fingerprint that matches is confirmed against that cell's own corners. Eight bytes a slot.
 */
class FaceTable {
  private readonly mask: number
  /** Slots per point: a face's search starts at its lowest corner's share of the table. */
  private readonly stride: number
  private readonly slots: Uint32Array
  /** The sorted corners of the face being added, and of a slot's face being compared. */
  private readonly key = new Uint32Array(4)
  private readonly other = new Uint32Array(4)

  constructor(
    faceTotal: number,
    pointTotal: number,
    private readonly connectivity: Uint32Array,
    private readonly offsets: Uint32Array,
    private readonly types: Uint8Array,
  ) {
    if (offsets.length >= CELL_MASK) throw new RangeError('too many cells for one surface')
    // At most three quarters full even when no face is shared; a mesh of solids shares most of its
    // faces, so it is usually less than half full.
    let capacity = 16
    while (capacity * 3 < faceTotal * 4) capacity *= 2
    this.mask = capacity - 1
    this.stride = Math.max(1, Math.floor(capacity / Math.max(1, pointTotal)))
    this.slots = new Uint32Array(capacity * 2).fill(EMPTY)
  }

  /** The sorted corners of face `face` of `cell` into `out` (a triangle's fourth is EMPTY). */
  private sortedCorners(cell: number, face: number, out: Uint32Array) {
    const start = cell === 0 ? 0 : this.offsets[cell - 1]!
    const at = (faceAt[this.types[cell]!]! + face) * 4
    const c = this.connectivity
    let a = c[start + corners[at]!]!
    let b = c[start + corners[at + 1]!]!
    let d = c[start + corners[at + 2]!]!
    let e = corners[at + 3]! < 0 ? EMPTY : c[start + corners[at + 3]!]!
    let s: number
    // A sorting network of four (EMPTY, the largest, stays last for a triangle).
    if (a > b) {
      s = a
      a = b
      b = s
    }
    if (d > e) {
      s = d
      d = e
      e = s
    }
    if (a > d) {
      s = a
      a = d
      d = s
    }
    if (b > e) {
      s = b
      b = e
      e = s
    }
    if (b > d) {
      s = b
      b = d
      d = s
    }
    out[0] = a
    out[1] = b
    out[2] = d
    out[3] = e
  }

  add(cell: number, face: number) {
    const k = this.key
    this.sortedCorners(cell, face, k)
    const k0 = k[0]!
    const k1 = k[1]!
    const k2 = k[2]!
    const k3 = k[3]!
    // Each corner mixed in turn, then murmur3's finaliser, for the fingerprint. The search starts at
    // the lowest corner's share of the table, spread within it by the fingerprint: a solver numbers
    // neighbouring cells' points close together, so consecutive cells' faces fall in neighbouring
    // slots and the table is walked through the cache rather than at random.
    let h = Math.imul(k0, 0xcc9e2d51)
    h = Math.imul((h << 13) | (h >>> 19), 5) + Math.imul(k1, 0x1b873593)
    h = Math.imul((h << 13) | (h >>> 19), 5) + Math.imul(k2, 0x85ebca6b)
    h = Math.imul((h << 13) | (h >>> 19), 5) + Math.imul(k3, 0xc2b2ae35)
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    const fingerprint = (h ^ (h >>> 16)) >>> 0
    const slots = this.slots
    const o = this.other
    for (let slot = (Math.imul(k0, this.stride) + (fingerprint % this.stride)) & this.mask; ; slot = (slot + 1) & this.mask) {
      const word = slots[slot * 2]!
      if (word === EMPTY) {
        slots[slot * 2] = cell | (face << CELL_BITS)
        slots[slot * 2 + 1] = fingerprint
        return
      }
      if (slots[slot * 2 + 1] !== fingerprint) continue
      this.sortedCorners(word & CELL_MASK, (word >>> CELL_BITS) & 7, o)
      if (o[0] === k0 && o[1] === k1 && o[2] === k2 && o[3] === k3) {
        slots[slot * 2] = (word | SHARED) >>> 0
        return
      }
    }
  }

  forEachSingle(visit: (cell: number, face: number) => void) {
    const slots = this.slots
    for (let i = 0; i < slots.length; i += 2) {
      const word = slots[i]!
      if (word !== EMPTY && (word & SHARED) === 0) visit(word & CELL_MASK, (word >>> CELL_BITS) & 7)
    }
  }
}
