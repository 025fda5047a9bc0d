import type { Readable, Writable } from 'node:stream'

/**
 * Writes a POSIX tar stream (ustar headers, with a pax header in front of an entry whose name or size
 * does not fit ustar), readable by GNU tar, bsdtar and tar-reader.ts. Regular files only: the archive
 * holds data, never links or devices.
 */
export interface TarWriter {
  /** Adds a file whose bytes are in memory. */
  addBuffer(name: string, data: Buffer): Promise<void>
  /**
   * Adds a file of `size` bytes read from `body`. The header is written first, so the body must hold
   * exactly `size` bytes; `onChunk` sees each chunk (for a checksum) as it is written.
   */
  addStream(name: string, size: number, body: Readable | AsyncIterable<Buffer>, onChunk?: (chunk: Buffer) => void): Promise<void>
  /** Writes the end-of-archive marker; the output stays open. */
  finish(): Promise<void>
}

const BLOCK = 512
const USTAR_MAX_SIZE = 0o77777777777 // 11 octal digits
const mtimeSeconds = () => Math.floor(Date.now() / 1000)

export function createTarWriter(output: Writable): TarWriter {
  const write = async (chunk: Buffer) => {
    if (output.destroyed) throw new Error('The archive could not be written (its output was closed).')
    if (output.write(chunk)) return
    // Wait for room, unless the output fails or closes first (a full disk must not hang the writer).
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        output.off('drain', onDrain).off('close', onClose).off('error', done)
        if (error) reject(error)
        else resolve()
      }
      const onDrain = () => done()
      const onClose = () => done(new Error('The archive could not be written (its output was closed).'))
      output.on('drain', onDrain).on('close', onClose).on('error', done)
    })
  }
  const writeHeaders = async (name: string, size: number) => {
    const mtime = mtimeSeconds()
    const nameBytes = Buffer.from(name, 'utf8')
    const asciiName = /^[\x20-\x7e]*$/.test(name)
    const split = asciiName ? splitUstarName(nameBytes) : undefined
    if (!split || size > USTAR_MAX_SIZE) {
      const records = [paxRecord('path', name)]
      if (size > USTAR_MAX_SIZE) records.push(paxRecord('size', String(size)))
      const body = Buffer.concat(records)
      await write(header({ name: 'PaxHeader', size: body.length, mtime, type: 'x' }))
      await write(body)
      await write(padding(body.length))
    }
    const fallback = split ?? { name: asciiFallback(name), prefix: '' }
    await write(header({ ...fallback, size: size > USTAR_MAX_SIZE ? 0 : size, mtime, type: '0' }))
  }
  return {
    async addBuffer(name, data) {
      await writeHeaders(name, data.length)
      await write(data)
      await write(padding(data.length))
    },
    async addStream(name, size, body, onChunk) {
      await writeHeaders(name, size)
      let written = 0
      for await (const data of body) {
        const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array)
        written += chunk.length
        if (written > size) throw new Error(`${name} grew while it was being archived (more than ${size} bytes)`)
        onChunk?.(chunk)
        await write(chunk)
      }
      if (written !== size) throw new Error(`${name} ended after ${written} of ${size} bytes`)
      await write(padding(size))
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2))
    },
  }
}

function padding(size: number) {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** "%d key=value\n", where the length counts the whole record including its own digits. */
function paxRecord(key: string, value: string) {
  const rest = ` ${key}=${value}\n`
  const restLength = Buffer.byteLength(rest)
  let length = restLength + 1
  while (String(length).length + restLength !== length) length = String(length).length + restLength
  return Buffer.from(`${length}${rest}`, 'utf8')
}

/** A name of at most 100 bytes, or a prefix of at most 155 and a name of at most 100 split at a '/'. */
function splitUstarName(name: Buffer): { name: string; prefix: string } | undefined {
  if (name.length <= 100) return { name: name.toString(), prefix: '' }
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== 0x2f) continue
    if (i <= 155 && name.length - i - 1 <= 100 && name.length - i - 1 > 0) {
      return { prefix: name.subarray(0, i).toString(), name: name.subarray(i + 1).toString() }
    }
  }
  return undefined
}

/** The ustar name beside a pax path: only readers without pax support see it. */
function asciiFallback(name: string) {
  return name.replace(/[^\x20-\x7e]/g, '_').slice(-100)
}

function header(h: { name: string; prefix?: string; size: number; mtime: number; type: string }) {
  const block = Buffer.alloc(BLOCK)
  const put = (text: string, offset: number, length: number) => block.write(text, offset, length, 'utf8')
  const octal = (value: number, offset: number, length: number) => put(value.toString(8).padStart(length - 1, '0') + '\0', offset, length)
  put(h.name, 0, 100)
  octal(0o644, 100, 8)
  octal(0, 108, 8)
  octal(0, 116, 8)
  octal(h.size, 124, 12)
  octal(h.mtime, 136, 12)
  put('        ', 148, 8) // the checksum counts its own field as spaces
  put(h.type, 156, 1)
  put('ustar\0', 257, 6)
  put('00', 263, 2)
  put(h.prefix ?? '', 345, 155)
  let sum = 0
  for (const byte of block) sum += byte
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8)
  return block
}
