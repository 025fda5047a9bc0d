import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { readTarEntries, type TarEntry } from './tar-reader'

/** An error of the caller's, passed through as it is (anything else is the archive's fault). */
class EntryHandlerError extends Error {
  constructor(readonly original: unknown) {
    super('entry handler failed')
  }
}

/**
 * Calls `onEntry` for each entry of a backup archive (gzip'd tar), in order. A file that is not such
 * an archive, or is damaged or cut short, is reported in words, whichever layer (gzip or tar) notices.
 */
export async function readBackupArchive(archive: string, onEntry: (entry: TarEntry) => Promise<void>): Promise<void> {
  try {
    await pipeline(createReadStream(archive), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const entry of readTarEntries(source)) {
        try {
          await onEntry(entry)
        } catch (error) {
          throw new EntryHandlerError(error)
        }
      }
      // Read to the end, so gzip checks its trailer (length and CRC) too.
      for await (const rest of source) void rest
    })
  } catch (error) {
    if (error instanceof EntryHandlerError) throw error.original
    const e = error as NodeJS.ErrnoException
    if (e.code === 'ENOENT') throw new Error(`There is no file ${archive}.`)
    if (e.code === 'EACCES' || e.code === 'EISDIR') throw new Error(`${archive} cannot be read (${e.code}).`)
    throw new Error(`${archive} is not a backup archive, or is damaged or incomplete (${e.message}); it cannot be restored.`, { cause: error })
  }
}
