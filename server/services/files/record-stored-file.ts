import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { fileThumbnails, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { syncJobRequestFiles } from '../job-requests/sync-job-request-files'
import type { MaybeActor } from '../shared/authorize'
import { checkFileReplacement } from './check-file-replacement'
import { releaseStorage } from './release-storage'

export interface RecordStoredFileOptions {
  actor: MaybeActor
  /** The client whose folder it is, for the audit of an admin upload. */
  ownerId: string | null
  path: string
  size: number
  eTag: string
  contentType: string
  /** The name its uploader gave it, when the path's last segment is one the server made. */
  originalName?: string | null
  /** The upload it comes from: the space it held in the quota is given back as the file starts to count. */
  uploadId?: string
}

/**
 * Makes a completed upload visible (called by the upload endpoint once the bytes are in the store).
 * Throws NOT_FOUND when the file's job request was deleted meanwhile, and CONFLICT when the path
 * names a file someone else uploaded (the upload endpoint checked that before moving the bytes; this
 * is the last word, under the row's lock).
 */
export async function recordStoredFile({ actor, ownerId, path, size, eTag, contentType, originalName = null, uploadId }: RecordStoredFileOptions): Promise<void> {
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await checkFileReplacement({ actor, path, tx })
    const values = { path, size, eTag, contentType, lastModified: new Date(), uploadedBy: actor?.userId ?? null, originalName }
    await tx.insert(storedFiles).values(values).onConflictDoUpdate({ target: storedFiles.path, set: values })
    // A new upload under the same name is a new model: its old picture goes.
    await tx.delete(fileThumbnails).where(eq(fileThumbnails.path, path))
    // A file uploaded into a job request's folder is one of its attachments from now on. The job may
    // have been deleted while the upload ran: then the file is refused (the caller removes its bytes).
    if (!(await syncJobRequestFiles(tx, path, 'add'))) throw new AppError('NOT_FOUND', 'Job request not found')
    if (actor) await recordAudit(tx, { actor, subjectUserId: ownerId, action: 'upload-file', details: { path } })
    if (uploadId) await releaseStorage(tx, uploadId)
  })
}
