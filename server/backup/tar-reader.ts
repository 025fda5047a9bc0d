import type { Readable } from 'node:stream'

export interface TarEntry {
  name: string
  size: number
  /** The entry's bytes; read it (or leave it) before asking for the next entry. */
  body: AsyncIterable<Buffer>
}

const BLOCK = 512

/**
 * Reads the regular files of a tar stream as tar-writer.ts writes them (ustar, pax path and size,
 * GNU long names). Links, devices and other entry types are refused: a backup holds none, so one
 * means the file is not a backup of this site.
 */
export async function* readTarEntries(input: Readable | AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(input[Symbol.asyncIterator]() as AsyncIterator<Buffer>)
  let pax: Record<string, string> = {}
  let longName: string | undefined
  for (;;) {
    const block = await reader.read(BLOCK, true)
    if (!block || block.every((b) => b === 0)) return // end-of-archive marker (or a bare end)
    if (!checksumMatches(block)) throw new Error('This file is not a valid archive (a tar header checksum does not match).')
    const type = String.fromCharCode(block[156] || 0x30)
    const headerSize = parseNumber(block.subarray(124, 136))
    const size = pax.size !== undefined ? Number(pax.size) : headerSize
    if (!Number.isSafeInteger(size) || size < 0) throw new Error('This file is not a valid archive (an entry has no valid size).')
    if (type === 'x' || type === 'g' || type === 'L') {
      const data = await reader.read(size)
      await reader.skip(paddingOf(size))
      if (type === 'x') pax = { ...pax, ...parsePax(data!) }
      if (type === 'L') longName = data!.toString('utf8').replace(/\0+$/, '')
      continue
    }
    const prefix = cString(block.subarray(345, 500))
    const ustarName = cString(block.subarray(0, 100))
    const name = pax.path ?? longName ?? (prefix ? `${prefix}/${ustarName}` : ustarName)
    pax = {}
    longName = undefined
    if (type === '5') {
      await reader.skip(size + paddingOf(size))
      continue // a directory: nothing to restore from it
    }
    if (type !== '0' && type !== '7') throw new Error(`This archive holds an entry of a kind a backup never has (${name}, type ${type}).`)
    let delivered = 0
    const body = (async function* () {
      for await (const chunk of reader.stream(size)) {
        delivered += chunk.length
        yield chunk
      }
    })()
    yield { name, size, body }
    // Whatever of the body the consumer left unread, then the padding to the next header.
    await reader.skip(size - delivered + paddingOf(size))
  }
}

function paddingOf(size: number) {
  return (BLOCK - (size % BLOCK)) % BLOCK
}

function cString(bytes: Buffer) {
  const end = bytes.indexOf(0)
  return bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8')
}

function parseNumber(field: Buffer) {
  // Base-256 (GNU) for values beyond 11 octal digits: the high bit of the first byte is set.
  if (field[0]! & 0x80) {
    let value = 0
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!
    return value
  }
  const text = cString(field).trim()
  return text ? parseInt(text, 8) : 0
}

function checksumMatches(block: Buffer) {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
  return parseNumber(block.subarray(148, 156)) === sum
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {}
  let offset = 0
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset)
    if (space < 0) break
    const length = parseInt(data.subarray(offset, space).toString(), 10)
    if (!length || length <= 0) break
    const record = data.subarray(space + 1, offset + length - 1).toString('utf8')
    const eq = record.indexOf('=')
    if (eq > 0) records[record.slice(0, eq)] = record.slice(eq + 1)
    offset += length
  }
  return records
}

/** Exact reads over a stream of chunks. */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0)
  private ended = false
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(): Promise<boolean> {
    if (this.ended) return false
    const next = await this.source.next()
    if (next.done) {
      this.ended = true
      return false
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array)
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk
    return true
  }

  /** Exactly `n` bytes; at the very end of the input, undefined when `endOk`, otherwise an error. */
  async read(n: number, endOk = false): Promise<Buffer | undefined> {
    while (this.pending.length < n) {
      if (!(await this.fill())) {
        if (endOk && this.pending.length === 0) return undefined
        throw new Error('The archive ends in the middle of an entry (was it copied completely?).')
      }
    }
    const out = this.pending.subarray(0, n)
    this.pending = this.pending.subarray(n)
    return out
  }

  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.fill())) throw new Error('The archive ends in the middle of an entry (was it copied completely?).')
      const take = Math.min(left, this.pending.length)
      const out = this.pending.subarray(0, take)
      this.pending = this.pending.subarray(take)
      left -= take
      yield out
    }
  }

  async skip(n: number) {
    for await (const chunk of this.stream(n)) void chunk
  }
}
