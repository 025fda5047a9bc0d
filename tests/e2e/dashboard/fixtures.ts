import { createHash } from 'node:crypto'

/** Small real files for upload tests: the server checks content, so these are the genuine formats. */

/** A 1×1 PNG. */
export const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

export const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** A text OBJ model of exactly `bytes` bytes. */
export function objModel(bytes: number): Buffer {
  const line = 'v 1.000000 2.000000 3.000000\n'
  const text = '# site survey\n' + line.repeat(Math.ceil(bytes / line.length))
  return Buffer.from(text.slice(0, bytes - 1) + '\n')
}

/** A ZIP archive holding one stored (uncompressed) text file. */
export function zipWith(name: string, content: string): Buffer {
  const data = Buffer.from(content)
  const fileName = Buffer.from(name)
  const crc = crc32(data)
  // Its local header, its entry in the central directory, and the end of the central directory.
  const local = littleEndian(30, [[0, 4, 0x04034b50], [4, 2, 20], [14, 4, crc], [18, 4, data.length], [22, 4, data.length], [26, 2, fileName.length]])
  const central = littleEndian(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [16, 4, crc], [20, 4, data.length], [24, 4, data.length], [28, 2, fileName.length]])
  const localSize = local.length + fileName.length + data.length
  const end = littleEndian(22, [[0, 4, 0x06054b50], [8, 2, 1], [10, 2, 1], [12, 4, central.length + fileName.length], [16, 4, localSize]])
  return Buffer.concat([local, fileName, data, central, fileName, end])
}

/** `size` zero bytes with each field written in at its offset, as an unsigned little-endian number of 2 or 4 bytes. */
function littleEndian(size: number, fields: [offset: number, bytes: 2 | 4, value: number][]): Buffer {
  const record = Buffer.alloc(size)
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) record.writeUInt16LE(value, offset)
    else record.writeUInt32LE(value, offset)
  }
  return record
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff
  for (const byte of buf) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

export function sha256(buf: Buffer | ArrayBuffer): string {
  return createHash('sha256')
    .update(Buffer.from(buf as ArrayBuffer))
    .digest('hex')
}
