import type { Actor } from '../../auth/actor'
import type { storedFiles } from '../../db/schema'
import { contentTypeOf } from '../../../lib/file-types'

type StoredFileRow = typeof storedFiles.$inferSelect

/** A stored file (path, name, type from the extension, size, date), plus where to download it. */
export interface StoredFileInfo {
  path: string
  /** The name its uploader gave it: the last path segment, unless the server made that one. */
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
  /** The reader may set the file's picture (its uploader, or the consultancy). */
  canSetThumbnail: boolean
}

export function fileUrl(path: string): string {
  return '/files/' + path.split('/').map(encodeURIComponent).join('/')
}

/** Where a file's thumbnail is served, with the same check as the file. */
export function thumbnailUrl(path: string): string {
  return '/thumbnails/' + path.split('/').map(encodeURIComponent).join('/')
}

/** What a file is called where it is shown and downloaded: its uploader's name for it. */
export function displayNameOf(row: Pick<StoredFileRow, 'path' | 'originalName'>): string {
  return row.originalName ?? row.path.split('/').pop() ?? row.path
}

/**
 * Who sets a file's picture: the person who uploaded the file, or the consultancy. Anyone else who may
 * read the file (the other side of a job, the client of a folder the consultancy wrote into) only
 * sees the picture, so nobody puts a picture of their own on the other side's file.
 */
export function maySetThumbnail(actor: Actor | null | undefined, row: Pick<StoredFileRow, 'uploadedBy'>): boolean {
  return Boolean(actor && (actor.isAdmin || (row.uploadedBy !== null && row.uploadedBy === actor.userId)))
}

export function toStoredFileInfo(row: StoredFileRow, hasThumbnail: boolean, actor: Actor | null | undefined): StoredFileInfo {
  const name = displayNameOf(row)
  return {
    path: row.path,
    name,
    size: row.size,
    lastModified: row.lastModified.toISOString(),
    eTag: row.eTag,
    type: contentTypeOf(name),
    url: fileUrl(row.path),
    thumbnailUrl: hasThumbnail ? thumbnailUrl(row.path) : null,
    canSetThumbnail: maySetThumbnail(actor, row),
  }
}
