import type { Readable } from 'node:stream'
import { modelReferencesOf, referenceScanBytes } from '../../../lib/model-references'
import { getAppContext } from '../../context/app-context'
import type { BlobStore } from '../../storage/blobs/blob-store'

/** The first `limit` bytes of a stream (fewer when it ends first); the rest is never read. */
async function readStart(stream: Readable, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let received = 0
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
      chunks.push(buffer)
      received += buffer.length
      if (received >= limit) break
    }
  } finally {
    stream.destroy()
  }
  return new Uint8Array(Buffer.concat(chunks).subarray(0, limit))
}

/**
 * The files a stored model names besides data: URIs (what the viewer would follow), read from the
 * start of the stored file as the viewer reads it; null when that cannot be told (the file is gone,
 * unreadable, or its glTF JSON is too large to read here). Not a permission check: callers have
 * authorised the path.
 */
export async function readModelReferences({ path, fileName }: { path: string; fileName: string }): Promise<string[] | null> {
  const limit = referenceScanBytes(fileName)
  if (limit === 0) return modelReferencesOf(fileName, new Uint8Array(0))
  const stream = await (getAppContext().services.storage as BlobStore).get(path)
  if (!stream) return null
  return modelReferencesOf(fileName, await readStart(stream, limit))
}
