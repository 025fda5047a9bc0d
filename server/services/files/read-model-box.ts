import { viewerParserOf } from '../../../lib/file-types'
import { stlBoxReader, type ModelBox } from '../../../lib/model-box'
import type { BlobStore } from '../../storage/blobs/blob-store'

/**
 * A stored binary STL's bounding box and triangle count, read once when its upload completes and kept
 * with the file's row: its download then tells the viewer where the whole model lies before its bytes
 * arrive. One pass over the stored bytes as they stream, holding one record at a time. Null for every
 * other file (an ASCII STL included). Not a permission check: the caller stores the file.
 */
export async function readModelBox({ blobs, path, fileName, size }: { blobs: BlobStore; path: string; fileName: string; size: number }): Promise<ModelBox | null> {
  if (viewerParserOf(fileName) !== 'three-stl') return null
  const stream = await blobs.get(path)
  if (!stream) return null
  const reader = stlBoxReader(size)
  try {
    for await (const chunk of stream) reader.push(chunk as Uint8Array)
  } catch {
    return null
  }
  return reader.finish()
}
