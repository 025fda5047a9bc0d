import type { storedFiles } from '../../db/schema'
import { contentTypeForName } from './storage-path'

/** A stored file (path, name, type from the extension, size, date), plus where to download it. */
export interface StoredFileInfo {
  path: string
  /** The last path segment. */
  name: string
  size: number
  lastModified: string
  eTag: string
  /** Derived from the extension. */
  type: string
  /** /files/{path}, URL-encoded per segment; the server checks access on every download. */
  url: string
  /** /thumbnails/{path} once the viewer has rendered the model, else null. */
  thumbnailUrl: string | null
}

export function fileUrl(path: string): string {
  return '/files/' + path.split('/').map(encodeURIComponent).join('/')
}

/** Where a file's thumbnail is served, with the same check as the file. */
export function thumbnailUrl(path: string): string {
  return '/thumbnails/' + path.split('/').map(encodeURIComponent).join('/')
}

export function toStoredFileInfo(row: typeof storedFiles.$inferSelect, hasThumbnail = false): StoredFileInfo {
  const name = row.path.split('/').pop() ?? row.path
  return {
    path: row.path,
    name,
    size: row.size,
    lastModified: row.lastModified.toISOString(),
    eTag: row.eTag,
    type: contentTypeForName(name),
    url: fileUrl(row.path),
    thumbnailUrl: hasThumbnail ? thumbnailUrl(row.path) : null,
  }
}
