import { imageSize } from 'image-size'
import type { BlobStore } from '../blobs/blob-store'

/** Enough of a file to find its size: a JPEG's frame header follows its metadata, rarely far in. */
const SIZE_SNIFF_BYTES = 512 * 1024

/**
 * The width and height in pixels of a stored picture (JPEG, PNG, GIF or WebP), read from its first
 * bytes with image-size (which only parses headers), or null when they cannot be read.
 */
export async function readImageSize(blobs: BlobStore, key: string): Promise<{ width: number; height: number } | null> {
  const body = await blobs.get(key)
  if (!body) return null
  const chunks: Buffer[] = []
  let length = 0
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer)
      length += (chunk as Buffer).length
      if (length >= SIZE_SNIFF_BYTES) break
    }
  } finally {
    body.destroy()
  }
  try {
    const { width, height } = imageSize(new Uint8Array(Buffer.concat(chunks)))
    return width > 0 && height > 0 ? { width, height } : null
  } catch {
    return null
  }
}
