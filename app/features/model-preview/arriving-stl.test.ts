import { describe, expect, it } from 'vitest'
import { formatModelBox, MODEL_BOX_HEADER } from '../../../lib/model-box'
import { arrivingStlBox, ARRIVING_MIN_TRIANGLES, cutArrivingStl, PIECE_TRIANGLES } from './arriving-stl'
import { readBinaryStl } from './binary-stl'

/** A binary STL of `count` triangles whose corners number them (corner k of triangle t: t * 9 + k). */
function numberedStl(count: number): Uint8Array {
  const bytes = new Uint8Array(84 + count * 50)
  const view = new DataView(bytes.buffer)
  view.setUint32(80, count, true)
  for (let t = 0; t < count; t++) for (let k = 0; k < 9; k++) view.setFloat32(84 + t * 50 + 12 + k * 4, t * 9 + k, true)
  return bytes
}

/** A body that gives `bytes` in pieces of the sizes given in turn (as a network would, cutting records anywhere). */
function bodyOf(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let at = 0
  let i = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close()
      const size = sizes[i++ % sizes.length]!
      controller.enqueue(bytes.slice(at, at + size))
      at += size
    },
  })
}

describe('a large binary STL cut into pieces as it arrives', () => {
  const count = PIECE_TRIANGLES * 2 + 1234
  const file = numberedStl(count)

  it('hands on every triangle once, in order, in pieces each a binary STL of its own, whatever the network cut', async () => {
    for (const sizes of [[1 << 16], [7, 49, 50, 51, 100_003], [file.byteLength]]) {
      const pieces: ArrayBuffer[] = []
      const told: number[] = []
      await cutArrivingStl(bodyOf(file, sizes), count, (piece) => pieces.push(piece), (fraction) => told.push(fraction))
      expect(pieces.map((p) => new DataView(p).getUint32(80, true))).toEqual([PIECE_TRIANGLES, PIECE_TRIANGLES, 1234])
      const corners = pieces.flatMap((p) => Array.from(readBinaryStl(p)!))
      expect(corners.length).toBe(count * 9)
      expect(corners.every((v, i) => v === Math.fround(i))).toBe(true)
      expect(told.at(-1)).toBe(1)
      expect(told).toEqual([...told].sort((a, b) => a - b))
    }
  })

  it('refuses a body cut short, one longer than its triangles, and a header that says another count', async () => {
    const noop = () => undefined
    await expect(cutArrivingStl(bodyOf(file.slice(0, file.byteLength - 10), [4096]), count, noop, noop)).rejects.toThrow('cut short')
    const longer = new Uint8Array(file.byteLength + 50)
    longer.set(file)
    await expect(cutArrivingStl(bodyOf(longer, [4096]), count, noop, noop)).rejects.toThrow('longer')
    await expect(cutArrivingStl(bodyOf(file, [4096]), count - 1, noop, noop)).rejects.toThrow()
  })

  it('is taken only for a large binary STL whose download states its box and the matching length', () => {
    const box = { min: [0, 0, 0] as [number, number, number], max: [1, 2, 3] as [number, number, number], triangles: ARRIVING_MIN_TRIANGLES }
    const answer = (headers: Record<string, string>) => new Response(null, { headers })
    const length = String(84 + box.triangles * 50)
    expect(arrivingStlBox(answer({ [MODEL_BOX_HEADER]: formatModelBox(box), 'content-length': length }))).toEqual(box)
    expect(arrivingStlBox(answer({ 'content-length': length }))).toBeNull()
    expect(arrivingStlBox(answer({ [MODEL_BOX_HEADER]: formatModelBox(box), 'content-length': String(Number(length) + 1) }))).toBeNull()
    const small = { ...box, triangles: ARRIVING_MIN_TRIANGLES - 1 }
    expect(arrivingStlBox(answer({ [MODEL_BOX_HEADER]: formatModelBox(small), 'content-length': String(84 + small.triangles * 50) }))).toBeNull()
  })
})
