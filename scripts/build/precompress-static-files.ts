import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { isCompressible } from '../../server/http/compressible-files'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)


/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

/**
 * Brotli's best quality (11) for everything a page loads; from this size on (the model viewer's
 * WebAssembly engines and workers, fetched only when a preview opens) quality 10, which is about 2 %
 * larger and two to five times faster to make: quality 11 on the 7 MiB STEP engine alone took 15 s of
 * every build.
 */
export const LARGE_FILE_BYTES = 1024 * 1024
const brotliQuality = (bytes: number) => (bytes >= LARGE_FILE_BYTES ? 10 : 11)

export interface PrecompressResult {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

/**
 * Writes a `.br` (quality 11, or 10 from LARGE_FILE_BYTES) and a `.gz` (level 9) copy next to every
 * compressible file of the client build, once, at build time. The server sends the copy the browser accepts (serveStatic's
 * `precompressed`), so the prerendered pages and the hashed assets are never compressed per request,
 * and browsers that speak brotli get the smaller copy. A copy that would not be smaller is not written.
 */
export async function precompressStaticFiles(clientDir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  const files: { file: string; size: number }[] = []
  for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !isCompressible(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const { size } = await stat(file)
    if (size >= MIN_BYTES) files.push({ file, size })
  }
  // Two at a time (zlib's work runs on libuv's threads, one per core here), the largest first, so no
  // large file is left to compress alone at the end.
  const queue = files.sort((a, b) => b.size - a.size).map((f) => f.file)
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const source = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(source.length), [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gzipAsync(source, { level: 9 }),
      ])
      result.files++
      result.bytes += source.length
      if (br.length < source.length) {
        await writeFile(`${file}.br`, br)
        result.brotliBytes += br.length
      }
      if (gz.length < source.length) {
        await writeFile(`${file}.gz`, gz)
        result.gzipBytes += gz.length
      }
    }
  }
  await Promise.all([worker(), worker()])
  return result
}
