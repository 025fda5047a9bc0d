import { randomUUID } from 'node:crypto'
import { extensionOf } from '../../../lib/file-types'
import { AppError } from '../../errors/app-error'

/**
 * The storage paths, one folder per area (and per owner where files have one):
 *   profile-pictures/{userId}/{fileName}  (or profile-pictures/{fileName} with no user)
 *   user-box/{userId}/{fileName}
 *   job-files/{jobRequestId}/{fileName}          the client's documents of a job
 *   job-deliverables/{jobRequestId}/{random id}.{ext}  the consultancy's results, one file per revision
 *   job-messages/{jobRequestId}/{random id}.{ext}  files sent on the job's thread (names the server makes)
 *   picture-submissions/{random id}.{ext}
 *   blog-images/{blogPostId}/{fileName}          pictures of a blog post
 */
export type StorageArea = 'profile-pictures' | 'user-box' | 'job-files' | 'job-deliverables' | 'job-messages' | 'picture-submissions' | 'blog-images'

/** The areas whose folder is a job request's id: they belong to the job and go with it. */
export const jobAreas = ['job-files', 'job-deliverables', 'job-messages'] as const satisfies readonly StorageArea[]
export type JobArea = (typeof jobAreas)[number]
export function isJobArea(area: string): area is JobArea {
  return (jobAreas as readonly string[]).includes(area)
}

export interface StoragePath {
  area: StorageArea
  /** userId for profile-pictures/user-box, jobRequestId for job-files, null otherwise. */
  folder: string | null
  /** The sanitised file name; null when the path names a folder (listing). */
  fileName: string | null
  /** The normalised full path, e.g. "user-box/abc/plan.pdf" (folders end with "/"). */
  path: string
}

export const storageAreas: readonly StorageArea[] = ['profile-pictures', 'user-box', ...jobAreas, 'picture-submissions', 'blog-images']

/**
 * A file name safe on every store: no directory parts, no control characters, no leading dots,
 * at most 180 characters. "../../etc/passwd" becomes "passwd"; "..\\a.txt" becomes "a.txt".
 */
export function sanitizeFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? ''
  let clean = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim()
  if (clean.length > 180) {
    const dot = clean.lastIndexOf('.')
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : ''
    clean = clean.slice(0, 180 - ext.length) + ext
  }
  return clean || 'file'
}

const folderPattern = /^[A-Za-z0-9_-]{1,100}$/

function bad(): never {
  throw new AppError('BAD_REQUEST', 'Invalid file path')
}

/** Parses and normalises a path; anything outside the areas or with traversal is refused. */
export function parseStoragePath(raw: string, options: { allowFolder?: boolean } = {}): StoragePath {
  let decoded = raw
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    bad()
  }
  if (decoded.includes('\0') || decoded.includes('\\')) bad()
  const segments = decoded.replace(/^\/+/, '').split('/')
  const isFolder = segments[segments.length - 1] === ''
  if (isFolder) segments.pop()
  if (segments.some((s) => s === '' || s === '.' || s === '..')) bad()
  const area = segments[0] as StorageArea
  if (!storageAreas.includes(area)) bad()
  const rest = segments.slice(1)
  const folderAllowed = area !== 'picture-submissions'
  const needsFolder = area === 'user-box' || area === 'blog-images' || isJobArea(area)
  let folder: string | null = null
  let fileName: string | null = null
  if (isFolder || rest.length === 0) {
    if (!options.allowFolder) bad()
    if (rest.length > 1) bad()
    if (rest.length === 1) {
      if (!folderAllowed || !folderPattern.test(rest[0]!)) bad()
      folder = rest[0]!
    }
  } else if (rest.length === 1) {
    if (needsFolder) {
      // "user-box/{userId}" without a trailing slash names the folder
      if (!options.allowFolder || !folderPattern.test(rest[0]!)) bad()
      folder = rest[0]!
    } else fileName = rest[0]!
  } else if (rest.length === 2 && folderAllowed) {
    if (!folderPattern.test(rest[0]!)) bad()
    folder = rest[0]!
    fileName = rest[1]!
  } else bad()
  if (fileName !== null && sanitizeFileName(fileName) !== fileName) bad()
  if (needsFolder && !folder) {
    if (!options.allowFolder) bad()
  }
  const path = [area, folder, fileName].filter(Boolean).join('/') + (fileName ? '' : '/')
  return { area, folder, fileName, path }
}

/** Builds the path of a new upload from its target and a client-supplied (untrusted) name. */
export function buildStoragePath(area: StorageArea, folder: string | null, fileName: string): string {
  const name = sanitizeFileName(fileName)
  if (folder !== null && !folderPattern.test(folder)) bad()
  if ((area === 'user-box' || area === 'blog-images' || isJobArea(area)) && !folder) bad()
  if (area === 'picture-submissions' && folder) bad()
  return [area, folder, name].filter(Boolean).join('/')
}

/**
 * Areas whose uploads get a name the server makes, a random id plus the extension: a guest's picture
 * (anyone writes there, so no one may replace another's submission), a file sent on a job's thread
 * (both sides write the folder; the name a person gave their file never meets the other side's) and a
 * deliverable (each upload is a new revision, kept beside the earlier ones, never written over them).
 * A thread file and a deliverable keep the name their uploader gave them for the page and the download.
 */
const serverNamedAreas: readonly StorageArea[] = ['picture-submissions', 'job-messages', 'job-deliverables']
const keepsItsName: readonly StorageArea[] = ['job-messages', 'job-deliverables']

/** The file name of a new upload, and the name its uploader gave it when the server made another. */
export function uploadFileName(area: StorageArea, clientName: string): { fileName: string; originalName: string | null } {
  const name = sanitizeFileName(clientName)
  if (!serverNamedAreas.includes(area)) return { fileName: name, originalName: null }
  // The extension as the file-type registry knows it, so a numbered version ("bracket.prt.3") keeps its type.
  const extension = extensionOf(name)
  return { fileName: extension ? `${randomUUID()}.${extension}` : randomUUID(), originalName: keepsItsName.includes(area) ? name : null }
}
