import { unzlibSync } from 'fflate'
import { ResultFormatError } from './result-mesh'

/**
 * VTK's numeric arrays as bytes and as text: the type names of its files, raw blocks with their size
 * header (plain or zlib-compressed in blocks) and base64 text, read into typed arrays.
 */

export type VtkNumberType = 'Int8' | 'UInt8' | 'Int16' | 'UInt16' | 'Int32' | 'UInt32' | 'Int64' | 'UInt64' | 'Float32' | 'Float64'

const byteSizes: Record<VtkNumberType, number> = { Int8: 1, UInt8: 1, Int16: 2, UInt16: 2, Int32: 4, UInt32: 4, Int64: 8, UInt64: 8, Float32: 4, Float64: 8 }

/** The legacy format's type names (`float`, `vtktypeint64`, …) and the XML format's, as one name. */
const aliases: Record<string, VtkNumberType> = {
  bit: 'UInt8',
  char: 'Int8',
  signed_char: 'Int8',
  unsigned_char: 'UInt8',
  short: 'Int16',
  unsigned_short: 'UInt16',
  int: 'Int32',
  unsigned_int: 'UInt32',
  long: 'Int64',
  unsigned_long: 'UInt64',
  vtkidtype: 'Int64',
  vtktypeint64: 'Int64',
  vtktypeuint64: 'UInt64',
  float: 'Float32',
  double: 'Float64',
  float32: 'Float32',
  float64: 'Float64',
  int8: 'Int8',
  uint8: 'UInt8',
  int16: 'Int16',
  uint16: 'UInt16',
  int32: 'Int32',
  uint32: 'UInt32',
  int64: 'Int64',
  uint64: 'UInt64',
}

/** A type name of either format as a number type, or null for what holds no numbers (strings, bits in the XML format). */
export function numberTypeOf(name: string): VtkNumberType | null {
  return aliases[name.toLowerCase()] ?? null
}

export const byteSizeOf = (type: VtkNumberType) => byteSizes[type]

export type NumberArray = Float64Array | Float32Array

/** Numbers read from bytes of the given type and byte order, as doubles (floats stay floats). */
export function numbersFromBytes(bytes: Uint8Array, type: VtkNumberType, littleEndian: boolean): NumberArray {
  const size = byteSizes[type]
  const count = Math.floor(bytes.byteLength / size)
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * size)
  if (type === 'Float32') {
    const out = new Float32Array(count)
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, littleEndian)
    return out
  }
  const out = new Float64Array(count)
  const read = readerOf(view, type, littleEndian)
  for (let i = 0; i < count; i++) out[i] = read(i * size)
  return out
}

function readerOf(view: DataView, type: VtkNumberType, le: boolean): (at: number) => number {
  switch (type) {
    case 'Int8':
      return (at) => view.getInt8(at)
    case 'UInt8':
      return (at) => view.getUint8(at)
    case 'Int16':
      return (at) => view.getInt16(at, le)
    case 'UInt16':
      return (at) => view.getUint16(at, le)
    case 'Int32':
      return (at) => view.getInt32(at, le)
    case 'UInt32':
      return (at) => view.getUint32(at, le)
    case 'Int64':
      return (at) => Number(view.getBigInt64(at, le))
    case 'UInt64':
      return (at) => Number(view.getBigUint64(at, le))
    case 'Float32':
      return (at) => view.getFloat32(at, le)
    case 'Float64':
      return (at) => view.getFloat64(at, le)
  }
}

/** Whitespace-separated numbers (the ASCII forms of both formats). */
export function numbersFromText(text: string): Float64Array {
  const words = text.trim()
  if (!words) return new Float64Array(0)
  const parts = words.split(/\s+/)
  const out = new Float64Array(parts.length)
  for (let i = 0; i < parts.length; i++) {
    const value = Number(parts[i])
    if (Number.isNaN(value) && !/^nan$/i.test(parts[i]!)) throw new ResultFormatError(`"${parts[i]!.slice(0, 20)}" is not a number`)
    out[i] = value
  }
  return out
}

/**
 * One array's bytes in the XML format's binary layout, from `bytes` at `at`: a header of the data's
 * size (one integer of `headerType`), then the data; or, compressed, a header of the number of
 * blocks, the block size, the last block's size and each block's compressed size, then the blocks.
 * Returns the data and where the next array would start.
 */
export interface BlockLayout {
  /** The integer type of the size header (`header_type`, UInt32 by default). */
  headerType: VtkNumberType
  /** zlib-compressed in blocks (`compressor="vtkZLibDataCompressor"`). */
  compressed: boolean
  littleEndian: boolean
}

export function readBlock(bytes: Uint8Array, at: number, { headerType, compressed, littleEndian }: BlockLayout): { data: Uint8Array; end: number } {
  const hSize = byteSizes[headerType]
  const header = (index: number) => integerAt(bytes, at + index * hSize, headerType, littleEndian)
  if (!compressed) {
    const size = header(0)
    const start = at + hSize
    if (start + size > bytes.byteLength) throw new ResultFormatError('An array is cut short: the file is incomplete')
    return { data: bytes.subarray(start, start + size), end: start + size }
  }
  const blocks = header(0)
  const blockSize = header(1)
  const lastSize = header(2)
  let position = at + (3 + blocks) * hSize
  const total = blocks === 0 ? 0 : (blocks - 1) * blockSize + (lastSize || blockSize)
  const out = new Uint8Array(total)
  let written = 0
  for (let b = 0; b < blocks; b++) {
    const size = header(3 + b)
    if (position + size > bytes.byteLength) throw new ResultFormatError('A compressed array is cut short: the file is incomplete')
    const plain = unzlibSync(bytes.subarray(position, position + size))
    out.set(plain.subarray(0, Math.min(plain.byteLength, total - written)), written)
    written += plain.byteLength
    position += size
  }
  return { data: out, end: position }
}

function integerAt(bytes: Uint8Array, at: number, type: VtkNumberType, littleEndian: boolean): number {
  if (at + byteSizes[type] > bytes.byteLength) throw new ResultFormatError('An array header is cut short: the file is incomplete')
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, byteSizes[type])
  return byteSizes[type] === 8 ? Number(view.getBigUint64(0, littleEndian)) : view.getUint32(0, littleEndian)
}

/**
 * An array written as base64 (inline `format="binary"`, or appended with `encoding="base64"`). VTK
 * encodes the header and the data as two base64 runs; a writer that encodes them as one run is read
 * too. Returns the data bytes.
 */
export function readBase64Block(text: string, layout: BlockLayout): Uint8Array {
  const { headerType, compressed, littleEndian } = layout
  const clean = text.replace(/\s+/g, '')
  const hSize = byteSizes[headerType]
  const headerItems = compressed ? 3 + integerAt(base64Bytes(clean.slice(0, base64Length(hSize))), 0, headerType, littleEndian) : 1
  const headerBytes = headerItems * hSize
  const headerChars = base64Length(headerBytes)
  const headerRun = clean.slice(0, headerChars)
  const header = base64Bytes(headerRun)
  const items = Array.from({ length: headerItems }, (_, i) => integerAt(header, i * hSize, headerType, littleEndian))
  const dataBytes = compressed ? items.slice(3).reduce((sum, size) => sum + size, 0) : items[0]!
  // Two runs: the header's ends on its own padding (or fills whole groups of three bytes). Either
  // way the data's run is only as long as the header says: the next array's may follow, appended.
  const separate = headerRun.endsWith('=') || headerBytes % 3 === 0
  if (!separate) return readBlock(base64Bytes(clean.slice(0, base64Length(headerBytes + dataBytes))), 0, layout).data
  const data = base64Bytes(clean.slice(headerChars, headerChars + base64Length(dataBytes)))
  const joined = new Uint8Array(headerBytes + data.byteLength)
  joined.set(header.subarray(0, headerBytes))
  joined.set(data, headerBytes)
  return readBlock(joined, 0, layout).data
}

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const decodeTable = new Int16Array(128).fill(-1)
for (let i = 0; i < alphabet.length; i++) decodeTable[alphabet.charCodeAt(i)] = i

/** Standard base64 to bytes, in the browser's worker and in Node alike; stops at padding. */
export function base64Bytes(text: string): Uint8Array {
  let end = text.length
  while (end > 0 && text[end - 1] === '=') end--
  const out = new Uint8Array(Math.floor((end * 3) / 4))
  let buffer = 0
  let bits = 0
  let o = 0
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i)
    const value = code < 128 ? decodeTable[code]! : -1
    if (value < 0) throw new ResultFormatError('An array holds a character that is not base64')
    buffer = (buffer << 6) | value
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (buffer >> bits) & 0xff
    }
  }
  return out.subarray(0, o)
}
