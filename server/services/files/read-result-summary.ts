import type { Readable } from 'node:stream'
import { extensionOf, viewerParserOf } from '../../../lib/file-types'
import { RESULT_SUMMARY_MAX_BYTES, resultSummaryOf, type ResultSummary } from '../../../lib/simulation-results/result-summary'
import type { BlobStore } from '../../storage/blobs/blob-store'

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  const all = Buffer.concat(chunks)
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength)
}

/**
 * A stored simulation result's key numbers (each field's least and greatest value and where it is),
 * read once when its upload completes and kept with the file's row. Null for any other file, for a
 * result above RESULT_SUMMARY_MAX_BYTES, and for one the reader cannot take (its preview then says
 * why). Not a permission check: the caller stores the file.
 */
export async function readResultSummary({ blobs, path, fileName, size }: { blobs: BlobStore; path: string; fileName: string; size: number }): Promise<ResultSummary | null> {
  if (viewerParserOf(fileName) !== 'vtk-result' || size > RESULT_SUMMARY_MAX_BYTES) return null
  const stream = await blobs.get(path)
  if (!stream) return null
  try {
    return resultSummaryOf(extensionOf(fileName), await readAll(stream))
  } catch {
    return null
  }
}
