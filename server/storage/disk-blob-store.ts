import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BlobStore } from './blob-store'

/**
 * Files under `root` (DATA_DIR/files) at their storage path. Writes go to a temporary name in the same
 * directory and are renamed into place when complete, so a reader never sees half a file.
 */
export function createDiskBlobStore(root: string): BlobStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key)
    // Keys are validated by the services; this is the last line against traversal.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key')
    return full
  }
  const eTagOf = async (file: string) => {
    const s = await stat(file)
    return { size: s.size, eTag: `"${s.size.toString(16)}-${s.mtimeMs.toString(16)}"` }
  }
  return {
    kind: 'disk',
    async put(key, body) {
      const target = resolve(key)
      await mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.part-${randomUUID()}`
      try {
        await pipeline(body, createWriteStream(temp, { mode: 0o600 }))
        await rename(temp, target)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
      return eTagOf(target)
    },
    async putFile(key, sourcePath) {
      const target = resolve(key)
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(sourcePath, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        // Another filesystem: copy beside the target, then rename into place.
        const temp = `${target}.part-${randomUUID()}`
        await copyFile(sourcePath, temp)
        await rename(temp, target)
        await rm(sourcePath, { force: true })
      }
      return eTagOf(target)
    },
    async get(key) {
      const file = resolve(key)
      try {
        await stat(file)
      } catch {
        return null
      }
      return createReadStream(file) as Readable
    },
    async delete(key) {
      await rm(resolve(key), { force: true })
    },
  }
}
