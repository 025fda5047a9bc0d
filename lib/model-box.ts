/**
 * A model's bounding box and triangle count, read on the server when its upload completes and sent
 * with its download (the `x-model-box` header): the viewer frames the whole model from its first
 * bytes and draws it as it arrives. Only a binary STL is read this way: its triangles are records of
 * a fixed size, so its box comes from one pass over its corners with nothing kept.
 */
export interface ModelBox {
  min: [number, number, number]
  max: [number, number, number]
  triangles: number
}

export const MODEL_BOX_HEADER = 'x-model-box'

/** Bytes before a binary STL's first record: an 80-byte header and the triangle count. */
export const STL_HEADER_BYTES = 84
/** Bytes of one binary STL record: the normal, three corners (float32 each) and an attribute word. */
export const STL_RECORD_BYTES = 50

/** A binary STL's triangle count when `size` is exactly that many records after its header, else null. */
export function binaryStlTriangles(firstBytes: Uint8Array, size: number): number | null {
  if (size < STL_HEADER_BYTES + STL_RECORD_BYTES || firstBytes.byteLength < STL_HEADER_BYTES) return null
  const count = new DataView(firstBytes.buffer, firstBytes.byteOffset, STL_HEADER_BYTES).getUint32(80, true)
  return STL_HEADER_BYTES + count * STL_RECORD_BYTES === size ? count : null
}

/**
 * Reads a binary STL's box from its bytes in the pieces they come in (a piece may end inside a record).
 * `finish` answers null when the bytes were not exactly a binary STL of finite corners.
 */
export function stlBoxReader(size: number) {
  const head = new Uint8Array(STL_HEADER_BYTES)
  const record = new Uint8Array(STL_RECORD_BYTES)
  const recordView = new DataView(record.buffer)
  const min: [number, number, number] = [Infinity, Infinity, Infinity]
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity]
  let at = 0
  let triangles: number | null = null
  let finite = true
  const corners = (view: DataView, offset: number) => {
    for (let k = 12; k < 48; k += 4) {
      const v = view.getFloat32(offset + k, true)
      const axis = ((k - 12) / 4) % 3
      if (v < min[axis]!) min[axis] = v
      if (v > max[axis]!) max[axis] = v
      if (!Number.isFinite(v)) finite = false
    }
  }
  return {
    push(piece: Uint8Array) {
      let i = 0
      if (at < STL_HEADER_BYTES) {
        const take = Math.min(STL_HEADER_BYTES - at, piece.byteLength)
        head.set(piece.subarray(0, take), at)
        at += take
        i = take
        if (at === STL_HEADER_BYTES) triangles = binaryStlTriangles(head, size)
      }
      if (triangles === null) {
        at += piece.byteLength - i
        return
      }
      // A record begun in the last piece is finished first.
      const into = (at - STL_HEADER_BYTES) % STL_RECORD_BYTES
      if (into > 0 && i < piece.byteLength) {
        const take = Math.min(STL_RECORD_BYTES - into, piece.byteLength - i)
        record.set(piece.subarray(i, i + take), into)
        i += take
        at += take
        if (into + take === STL_RECORD_BYTES) corners(recordView, 0)
      }
      const view = new DataView(piece.buffer, piece.byteOffset, piece.byteLength)
      for (; i + STL_RECORD_BYTES <= piece.byteLength; i += STL_RECORD_BYTES, at += STL_RECORD_BYTES) corners(view, i)
      if (i < piece.byteLength) {
        record.set(piece.subarray(i), 0)
        at += piece.byteLength - i
      }
    },
    finish(): ModelBox | null {
      if (triangles === null || at !== size || !finite) return null
      return { min, max, triangles }
    },
  }
}

/** The header's value: the box's six numbers and the triangle count, comma-separated. */
export function formatModelBox(box: ModelBox): string {
  return [...box.min, ...box.max, box.triangles].join(',')
}

/** The header read back; null when absent or not seven finite numbers. */
export function parseModelBox(value: string | null): ModelBox | null {
  if (!value) return null
  const n = value.split(',').map(Number)
  if (n.length !== 7 || !n.every(Number.isFinite) || !Number.isInteger(n[6]) || n[6]! <= 0) return null
  return { min: [n[0]!, n[1]!, n[2]!], max: [n[3]!, n[4]!, n[5]!], triangles: n[6]! }
}
