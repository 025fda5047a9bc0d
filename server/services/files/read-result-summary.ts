import { existsSync } from 'node:fs'
import type { Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { extensionOf, viewerParserOf } from '../../../lib/file-types'
import type { ResultSummary } from '../../../lib/simulation-results/result-summary'
import { BoundedSemaphore, SemaphoreBusyError } from '../../concurrency/bounded-semaphore'
import type { BlobStore } from '../../storage/blobs/blob-store'
import type { ResultSummaryWork } from './result-summary-worker'

/**
 * The stored bytes in one buffer of the size the store gave, each piece copied into place as it
 * arrives (joining them at the end would hold the server's thread for one long copy). Null when the
 * stream is not the size stated.
 */
async function readInto(stream: Readable, size: number): Promise<ArrayBuffer | null> {
  const buffer = new ArrayBuffer(size)
  const bytes = new Uint8Array(buffer)
  let at = 0
  for await (const chunk of stream) {
    const piece = chunk as Uint8Array
    if (at + piece.byteLength > size) return null
    bytes.set(piece, at)
    at += piece.byteLength
  }
  return at === size ? buffer : null
}

/**
 * The worker's script: an entry of its own in the server's bundle (`build/server/result-summary-worker.js`,
 * found from the bundle's file or its chunk folder below it); beside this module when the server runs
 * from its sources, then loaded through tsx as the sources are.
 */
function workerScript(): { url: URL; execArgv?: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const throughTsx = process.execArgv.some((arg) => arg === 'tsx' || arg.includes('/tsx/'))
    return { url: new URL('./result-summary-worker.ts', import.meta.url), execArgv: throughTsx ? undefined : [...process.execArgv, '--import', 'tsx'] }
  }
  const candidates = [new URL('./result-summary-worker.js', import.meta.url), new URL('../result-summary-worker.js', import.meta.url)]
  return { url: candidates.find((url) => existsSync(url)) ?? candidates[0]! }
}

/** Reads the summary in a worker thread of its own, which ends with the read (and takes its memory along). */
function summaryInWorker(work: ResultSummaryWork): Promise<ResultSummary | null> {
  return new Promise((resolve) => {
    const script = workerScript()
    const worker = new Worker(script.url, { workerData: work, transferList: [work.bytes], execArgv: script.execArgv })
    let answered = false
    worker.once('message', (summary: ResultSummary | null) => {
      answered = true
      resolve(summary)
    })
    // A worker that fails (out of memory on a huge file, say) gives no numbers; the server goes on.
    worker.once('error', () => resolve(null))
    worker.once('exit', () => {
      if (!answered) resolve(null)
    })
  })
}

/**
 * Results read at once, each in its own worker with the whole file in memory and several times that
 * while it is read (a 200 MB result takes a gigabyte or more): the others wait their turn, at most 20
 * of them and for at most a minute each, after which their files are kept without key numbers (the
 * preview still reads them). Several large results finishing together thus never take the server's
 * memory.
 */
export const resultReadGate = new BoundedSemaphore({ maxConcurrent: 1, maxQueue: 20, maxWaitMs: 60_000 })

/**
 * A stored simulation result's key numbers (each field's least and greatest value and where it is),
 * read once when its upload completes and kept with the file's row. Every result the upload accepted
 * is read, up to its type's size limit, one at a time (resultReadGate); the reading is done in a worker thread, so the server goes on
 * answering while a large result is read. Null for any other file and for one the reader cannot take
 * (its preview then says why). Not a permission check: the caller stores the file.
 */
export async function readResultSummary({ blobs, path, fileName, size }: { blobs: BlobStore; path: string; fileName: string; size: number }): Promise<ResultSummary | null> {
  if (viewerParserOf(fileName) !== 'vtk-result') return null
  return resultReadGate
    .run(async () => {
      const stream = await blobs.get(path)
      if (!stream) return null
      const bytes = await readInto(stream, size).catch(() => null)
      if (!bytes) return null
      return summaryInWorker({ extension: extensionOf(fileName), bytes })
    })
    .catch((error: unknown) => {
      if (error instanceof SemaphoreBusyError) return null
      throw error
    })
}
