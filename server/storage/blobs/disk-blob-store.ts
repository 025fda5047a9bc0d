import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import type { Stats } from 'node:fs'
import { chmod, copyFile, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BlobStore } from './blob-store'
import { ensurePrivateDirectory } from '../../core/ensure-private-directory'

/**
 * A stored file is read in pieces of this size (Node's default is 64 KiB): a download of 50 MB is then
 * 50 reads and writes to the connection, not 800.
 */
const READ_CHUNK_BYTES = 1 << 20

/** Stored files are readable by the server's own user only, whatever the process umask. */
const FILE_MODE = 0o600

/**
 * Files under `root` (DATA_DIR/files) at their storage path. Writes go to a temporary name in the same
 * directory and are renamed into place when complete, so a reader never sees half a file. Folders are
 * 0700 and files 0600: other accounts on the machine read no client's documents.
 */
export function createDiskBlobStore(root: string): BlobStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key)
    // Keys are validated by the services; this is the last line against traversal.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key')
    return full
  }
  const eTagFromStats = (s: Stats) => `"${s.size.toString(16)}-${s.mtimeMs.toString(16)}"`
  const eTagOf = async (file: string) => {
    const s = await stat(file)
    return { size: s.size, eTag: eTagFromStats(s) }
  }
  return {
    kind: 'disk',
    async put(key, body) {
      const target = resolve(key)
      await ensurePrivateDirectory(path.dirname(target))
      const temp = `${target}.part-${randomUUID()}`
      try {
        await pipeline(body, createWriteStream(temp, { mode: FILE_MODE }))
        await chmod(temp, FILE_MODE)
        await rename(temp, target)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
      return eTagOf(target)
    },
    async putFile(key, sourcePath) {
      const target = resolve(key)
      await ensurePrivateDirectory(path.dirname(target))
      // Before the move, so the file is never visible in the store with a wider mode.
      await chmod(sourcePath, FILE_MODE)
      try {
        await rename(sourcePath, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        // Another filesystem: copy beside the target, then rename into place.
        const temp = `${target}.part-${randomUUID()}`
        try {
          await copyFile(sourcePath, temp)
          await chmod(temp, FILE_MODE)
          await rename(temp, target)
        } catch (copyError) {
          await rm(temp, { force: true })
          throw copyError
        }
        await rm(sourcePath, { force: true })
      }
      return eTagOf(target)
    },
    putStream(key, body, options) {
      return this.put(key, body, options)
    },
    async stat(key) {
      try {
        return await eTagOf(resolve(key))
      } catch {
        return null
      }
    },
    async get(key) {
      const file = resolve(key)
      try {
        await stat(file)
      } catch {
        return null
      }
      return createReadStream(file, { highWaterMark: READ_CHUNK_BYTES }) as Readable
    },
    async open(key) {
      let handle
      try {
        handle = await open(resolve(key), 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      // Size and eTag come from the open file itself: a replacement renamed over the path meanwhile
      // is another inode and does not change what this handle reads.
      const s = await handle.stat()
      if (!s.isFile()) {
        await handle.close()
        return null
      }
      return { body: handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES }) as Readable, size: s.size, eTag: eTagFromStats(s) }
    },
    async *list() {
      const base = path.resolve(root)
      const walk = async function* (dir: string): AsyncGenerator<string> {
        let entries
        try {
          entries = await readdir(dir, { withFileTypes: true })
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
          throw error
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name)
          if (entry.isDirectory()) yield* walk(full)
          else if (entry.isFile() && !PART_FILE.test(entry.name)) yield path.relative(base, full).split(path.sep).join('/')
        }
      }
      yield* walk(base)
    },
    async delete(key) {
      await rm(resolve(key), { force: true })
    },
    async deleteFolder(prefix) {
      if (!prefix.endsWith('/')) throw new Error('Invalid storage folder')
      const dir = resolve(prefix.slice(0, -1))
      let entries
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      const keys = entries.filter((e) => e.isFile()).map((e) => path.relative(path.resolve(root), path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      await rm(dir, { recursive: true, force: true })
      return keys
    },
  }
}

/** The temporary name of a file being written (`<name>.part-<uuid>`), renamed into place when complete. */
const PART_FILE = /\.part-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
