import { eq } from 'drizzle-orm'
import { previewKindOf } from '../../../lib/file-types'
import { getAppContext } from '../../context/app-context'
import { fileThumbnails, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { authorizeFileAccess } from './authorize-file-access'
import { maySetThumbnail } from './file-types'
import { readModelReferences } from './read-model-references'

/** The largest thumbnail accepted, in bytes and pixels a side. */
export const THUMBNAIL_MAX_BYTES = 256 * 1024
export const THUMBNAIL_MAX_SIDE = 512

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * Keeps the picture the viewer rendered of a model or drawing, beside the file. Only the person who
 * uploaded the file or the consultancy sets it (maySetThumbnail), and only while they may read the
 * file: the other side of a job, or a client in whose folder the consultancy put a model, sees the
 * picture and never replaces it. Only for a file that can be previewed, and only a PNG of at most
 * THUMBNAIL_MAX_SIDE pixels a side. Only a self-contained file has one: a model that names other
 * files (a glTF's buffers or images outside its data: URIs, an OBJ's MTL) is refused whoever asks,
 * since its picture would show what the previewing browser read besides the file, with that
 * browser's rights, to everyone who may read the file. The file must still be the one whose content
 * was checked when the picture is stored.
 */
export async function setFileThumbnail({ actor, path, png }: { actor: MaybeActor; path: string; png: Buffer }): Promise<void> {
  const target = await authorizeFileAccess({ actor, path, mode: 'read' })
  const { db } = getAppContext()
  const [stored] = await db.select({ uploadedBy: storedFiles.uploadedBy }).from(storedFiles).where(eq(storedFiles.path, target.path)).limit(1)
  if (!stored) throw new AppError('NOT_FOUND', 'File not found')
  if (!maySetThumbnail(actor, stored)) throw new AppError('UNAUTHORIZED')
  if (!previewKindOf(target.fileName ?? '')) throw new AppError('BAD_REQUEST', 'Only models and drawings have thumbnails')
  if (png.length > THUMBNAIL_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The thumbnail is too large')
  const width = png.length >= 24 ? png.readUInt32BE(16) : 0
  const height = png.length >= 24 ? png.readUInt32BE(20) : 0
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR' || !width || !height || width > THUMBNAIL_MAX_SIDE || height > THUMBNAIL_MAX_SIDE) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `A thumbnail is a PNG of at most ${THUMBNAIL_MAX_SIDE} × ${THUMBNAIL_MAX_SIDE} pixels`)
  }
  const [checked] = await db.select({ eTag: storedFiles.eTag }).from(storedFiles).where(eq(storedFiles.path, target.path)).limit(1)
  if (!checked) throw new AppError('NOT_FOUND', 'File not found')
  const references = await readModelReferences({ path: target.path, fileName: target.fileName! })
  if (references === null || references.length > 0) throw new AppError('BAD_REQUEST', 'A model that names other files has no thumbnail')
  await db.transaction(async (tx) => {
    // Read again under the row's lock: the file may have been deleted or replaced since.
    const [file] = await tx.select({ uploadedBy: storedFiles.uploadedBy, eTag: storedFiles.eTag }).from(storedFiles).where(eq(storedFiles.path, target.path)).for('update').limit(1)
    if (!file) throw new AppError('NOT_FOUND', 'File not found')
    if (!maySetThumbnail(actor, file)) throw new AppError('UNAUTHORIZED')
    if (file.eTag !== checked.eTag) throw new AppError('CONFLICT', 'The file was replaced meanwhile; preview it again')
    await tx.insert(fileThumbnails).values({ path: target.path, png }).onConflictDoUpdate({ target: fileThumbnails.path, set: { png, createdAt: new Date() } })
  })
}
