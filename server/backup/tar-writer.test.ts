import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { readTarEntries } from './tar-reader'
import { createTarWriter } from './tar-writer'
import { tempDirsForEachTest } from '../../tests/setup/temp-dirs'

const newDir = tempDirsForEachTest('tar-')

const longFolder = 'job-files/' + 'a'.repeat(90) + '/' + 'b'.repeat(90)
const entries: Array<[string, Buffer]> = [
  ['manifest.json', Buffer.from('{"formatVersion":1}')],
  ['files/user-box/u1/empty.txt', Buffer.alloc(0)],
  ['files/user-box/u1/Überdruck – Ø 12 mm.pdf', randomBytes(1000)],
  [`files/${longFolder}/model.step`, randomBytes(513)],
  [`files/user-box/u1/${'n'.repeat(150)}.dwg`, randomBytes(70_000)],
]

async function writeArchive(file: string) {
  const out = createWriteStream(file)
  const tar = createTarWriter(out)
  for (const [name, data] of entries) {
    if (data.length % 2) await tar.addStream(name, data.length, Readable.from([data.subarray(0, 7), data.subarray(7)]))
    else await tar.addBuffer(name, data)
  }
  await tar.finish()
  out.end()
  await finished(out)
}

async function readArchive(file: string) {
  const read: Array<[string, Buffer]> = []
  for await (const entry of readTarEntries(createReadStream(file))) {
    const chunks: Buffer[] = []
    for await (const chunk of entry.body) chunks.push(chunk)
    read.push([entry.name, Buffer.concat(chunks)])
  }
  return read
}

describe('tar archives', () => {
  it('reads back every entry it wrote, with long and non-ASCII names', async () => {
    const file = path.join(newDir(), 'a.tar')
    await writeArchive(file)
    expect(await readArchive(file)).toEqual(entries)
  })

  it('writes archives GNU tar extracts byte for byte', async () => {
    const dir = newDir()
    const file = path.join(dir, 'a.tar')
    await writeArchive(file)
    const out = path.join(dir, 'out')
    mkdirSync(out)
    execFileSync('tar', ['-xf', file, '-C', out])
    for (const [name, data] of entries) expect(readFileSync(path.join(out, name))).toEqual(data)
  })

  it('reads archives GNU tar wrote, skipping directory entries', async () => {
    const dir = newDir()
    const src = path.join(dir, 'src')
    for (const [name, data] of entries) {
      mkdirSync(path.dirname(path.join(src, name)), { recursive: true })
      writeFileSync(path.join(src, name), data)
    }
    for (const format of ['gnu', 'posix']) {
      const file = path.join(dir, `${format}.tar`)
      execFileSync('tar', ['-cf', file, `--format=${format}`, '-C', src, '.'])
      const read = new Map((await readArchive(file)).map(([name, data]) => [name.replace(/^\.\//, ''), data]))
      for (const [name, data] of entries) expect(read.get(name)).toEqual(data)
    }
  })

  it('skips a body the reader left unread or half-read', async () => {
    const file = path.join(newDir(), 'a.tar')
    await writeArchive(file)
    const names: string[] = []
    for await (const entry of readTarEntries(createReadStream(file))) {
      names.push(entry.name)
      for await (const chunk of entry.body) {
        void chunk
        break
      }
    }
    expect(names).toEqual(entries.map(([name]) => name))
  })

  it('refuses a body that does not hold the announced size, and a damaged header', async () => {
    const tar = createTarWriter(createWriteStream(path.join(newDir(), 'b.tar')))
    await expect(tar.addStream('x', 10, Readable.from([Buffer.alloc(4)]))).rejects.toThrow('x ended after 4 of 10 bytes')
    await expect(tar.addStream('y', 2, Readable.from([Buffer.alloc(4)]))).rejects.toThrow('y grew while it was being archived')

    const file = path.join(newDir(), 'c.tar')
    await writeArchive(file)
    const bytes = readFileSync(file)
    bytes[10] ^= 0xff
    writeFileSync(file, bytes)
    await expect(readArchive(file)).rejects.toThrow('not a valid archive')
  })

  it('says so when the archive was cut short', async () => {
    const file = path.join(newDir(), 'd.tar')
    await writeArchive(file)
    writeFileSync(file, readFileSync(file).subarray(0, 1800))
    await expect(readArchive(file)).rejects.toThrow('The archive ends in the middle of an entry')
  })
})
