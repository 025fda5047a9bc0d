import { STLLoader } from 'three/addons/loaders/STLLoader.js'
import { describe, expect, it } from 'vitest'
import { stlCubeAscii, stlCubeBinary } from '../../../tests/fixtures/cad-files'
import { readBinaryStl } from './binary-stl'

const bufferOf = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

describe('readBinaryStl', () => {
  it("reads the corners three.js's STL reader reads, triangle by triangle", () => {
    for (const bytes of [stlCubeBinary(10), stlCubeBinary(2.5, 3)]) {
      const data = bufferOf(bytes)
      const expected = new STLLoader().parse(data).getAttribute('position').array
      const read = readBinaryStl(data)
      expect(read).not.toBeNull()
      expect(Array.from(read!)).toEqual(Array.from(expected))
    }
  })

  it('reads each corner where the file puts it, skipping the stored normal and the attribute word', () => {
    const bytes = Buffer.alloc(84 + 50)
    bytes.writeUInt32LE(1, 80)
    ;[9, 9, 9, 1.5, -2, 3, 4, 5, 6, 7, 8, 1e6].forEach((v, i) => bytes.writeFloatLE(v, 84 + i * 4))
    bytes.writeUInt16LE(0xffff, 84 + 48)
    expect(Array.from(readBinaryStl(bufferOf(bytes))!)).toEqual([1.5, -2, 3, 4, 5, 6, 7, 8, 1e6])
  })

  it('leaves to the general reader what is not exactly a binary STL: ASCII, cut short, empty', () => {
    const cube = stlCubeBinary(10)
    expect(readBinaryStl(bufferOf(Buffer.from(stlCubeAscii(10))))).toBeNull()
    expect(readBinaryStl(bufferOf(cube.subarray(0, cube.length - 1)))).toBeNull()
    expect(readBinaryStl(bufferOf(Buffer.concat([cube, Buffer.alloc(1)])))).toBeNull()
    const empty = Buffer.alloc(84)
    expect(readBinaryStl(bufferOf(empty))).toBeNull()
    expect(readBinaryStl(new ArrayBuffer(10))).toBeNull()
  })
})
