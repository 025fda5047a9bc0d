import { describe, expect, it } from 'vitest'
import { binaryStlTriangles, formatModelBox, parseModelBox, stlBoxReader } from './model-box'

/** A binary STL of the given corners (nine numbers a triangle), each record's normal left zero. */
function stl(corners: number[]): Uint8Array {
  const count = corners.length / 9
  const bytes = new Uint8Array(84 + count * 50)
  const view = new DataView(bytes.buffer)
  view.setUint32(80, count, true)
  corners.forEach((v, i) => view.setFloat32(84 + Math.floor(i / 9) * 50 + 12 + (i % 9) * 4, v, true))
  return bytes
}

function read(bytes: Uint8Array, pieces: number[]) {
  const reader = stlBoxReader(bytes.byteLength)
  let at = 0
  for (const length of pieces) {
    reader.push(bytes.subarray(at, at + length))
    at += length
  }
  reader.push(bytes.subarray(at))
  return reader.finish()
}

describe('the STL box read on upload', () => {
  const corners = Array.from({ length: 9 * 301 }, (_, i) => Math.fround(Math.sin(i * 12.9898) * 437.5 + (i % 3) * 10))
  const bytes = stl(corners)
  const expected = {
    min: [0, 1, 2].map((axis) => Math.min(...corners.filter((_, i) => i % 3 === axis))),
    max: [0, 1, 2].map((axis) => Math.max(...corners.filter((_, i) => i % 3 === axis))),
    triangles: 301,
  }

  it('reads the box and the count whatever the pieces the bytes come in (records and header cut anywhere)', () => {
    expect(read(bytes, [])).toEqual(expected)
    expect(read(bytes, [10, 80, 1, 49, 50, 51, 7])).toEqual(expected)
    const ones = Array.from({ length: 700 }, () => 1)
    expect(read(bytes, ones)).toEqual(expected)
    expect(read(bytes, [84, 25, 25, 1000])).toEqual(expected)
  })

  it('answers nothing for a file that is not exactly a binary STL', () => {
    expect(read(bytes.subarray(0, bytes.byteLength - 1), [100])).toBeNull()
    const ascii = new TextEncoder().encode('solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n')
    expect(read(ascii, [20])).toBeNull()
    expect(read(stl([0, 0, 0, 1, 0, 0, Number.NaN, 1, 0]), [])).toBeNull()
    expect(binaryStlTriangles(bytes, bytes.byteLength + 50)).toBeNull()
    expect(binaryStlTriangles(bytes, bytes.byteLength)).toBe(301)
  })

  it('carries the box in a header and reads it back, refusing anything else', () => {
    const box = { min: [-1.5, 0, 2] as [number, number, number], max: [3, 4.25, 5] as [number, number, number], triangles: 12 }
    expect(parseModelBox(formatModelBox(box))).toEqual(box)
    expect(parseModelBox(null)).toBeNull()
    expect(parseModelBox('1,2,3')).toBeNull()
    expect(parseModelBox('1,2,3,4,5,6,0')).toBeNull()
    expect(parseModelBox('1,2,3,4,5,x,7')).toBeNull()
  })
})
