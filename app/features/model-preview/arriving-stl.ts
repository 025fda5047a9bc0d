import { binaryStlTriangles, MODEL_BOX_HEADER, parseModelBox, STL_HEADER_BYTES, STL_RECORD_BYTES, type ModelBox } from '../../../lib/model-box'
import { pauser, progressTeller } from './fetch-file'

/** A binary STL with fewer triangles than this is read whole, then drawn (it arrives in a blink). */
export const ARRIVING_MIN_TRIANGLES = 200_000
/**
 * Triangles in each piece read and drawn as the file arrives: each piece is drawn in a task of its
 * own, which sends its buffers to the GPU (positions and normals, 2.4 MB: 15 to 20 ms in software
 * rendering, twice that for pieces twice the size), and a million triangles come in 31 pieces.
 */
export const PIECE_TRIANGLES = 32_768

/**
 * The box and triangle count of a large binary STL whose download says them (the server read them
 * when it was uploaded), when its length is exactly that many records; null otherwise (the file is
 * then read whole).
 */
export function arrivingStlBox(response: Response): ModelBox | null {
  const box = parseModelBox(response.headers.get(MODEL_BOX_HEADER))
  const length = Number(response.headers.get('content-length'))
  if (!box || box.triangles < ARRIVING_MIN_TRIANGLES || length !== STL_HEADER_BYTES + box.triangles * STL_RECORD_BYTES) return null
  return box
}

/**
 * Cuts a binary STL's body into small binary STLs of at most PIECE_TRIANGLES each, as its bytes arrive
 * (a piece of the network's may end anywhere in a record), and hands each to `onPiece` in order, with
 * the download's progress. Resolves when the body has ended; throws when it is not the triangles the
 * box said (cut short, or longer).
 */
export async function cutArrivingStl(body: ReadableStream<Uint8Array>, triangles: number, onPiece: (piece: ArrayBuffer) => void, onProgress: (fraction: number) => void): Promise<void> {
  const total = STL_HEADER_BYTES + triangles * STL_RECORD_BYTES
  const progress = progressTeller(total, onProgress)
  const reader = body.getReader()
  let received = 0
  let headerLeft = STL_HEADER_BYTES
  let first: Uint8Array | null = new Uint8Array(STL_HEADER_BYTES)
  let left = triangles
  let piece: Uint8Array | null = null
  let fill = 0
  const startPiece = () => {
    const count = Math.min(PIECE_TRIANGLES, left)
    left -= count
    piece = new Uint8Array(STL_HEADER_BYTES + count * STL_RECORD_BYTES)
    new DataView(piece.buffer).setUint32(80, count, true)
    fill = STL_HEADER_BYTES
  }
  const pause = pauser()
  for (;;) {
    await pause()
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > total) throw new Error('longer than its triangles')
    let chunk = value
    if (headerLeft > 0) {
      const take = Math.min(headerLeft, chunk.byteLength)
      first!.set(chunk.subarray(0, take), STL_HEADER_BYTES - headerLeft)
      headerLeft -= take
      chunk = chunk.subarray(take)
      if (headerLeft === 0) {
        if (binaryStlTriangles(first!, total) !== triangles) throw new Error('not the triangles its box said')
        first = null
      }
    }
    while (chunk.byteLength > 0) {
      if (!piece) startPiece()
      const into: Uint8Array = piece!
      const take = Math.min(into.byteLength - fill, chunk.byteLength)
      into.set(chunk.subarray(0, take), fill)
      fill += take
      chunk = chunk.subarray(take)
      if (fill === into.byteLength) {
        piece = null
        onPiece(into.buffer as ArrayBuffer)
      }
    }
    progress.received(received)
  }
  if (received !== total) throw new Error('cut short')
  progress.end()
}
