import { and, eq, isNotNull } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { deliverableRevisions, storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { BlobStore } from '../../storage/blobs/blob-store'
import { recordAudit } from '../audit/record-audit'
import { syncJobRequestFiles } from './sync-job-request-files'
import type { MaybeActor } from '../shared/authorize'
import { authorizeFileAccess } from './authorize-file-access'

export interface DeleteFileOptions {
  actor: MaybeActor
  path: string
}

/**
 * Removes a file from the listing first, then from the store (a failed store delete leaves no visible
 * file). A revision of a deliverable issued to the client is never removed.
 */
export async function deleteFile({ actor, path }: DeleteFileOptions): Promise<{ path: string }> {
  const target = await authorizeFileAccess({ actor, path, mode: 'delete' })
  const ctx = getAppContext()
  const deleted = await ctx.db.transaction(async (tx) => {
    // An issued revision is kept for good: what was sent to the client, and decided on, stays.
    const [issued] = await tx.select({ id: deliverableRevisions.id }).from(deliverableRevisions).where(and(eq(deliverableRevisions.path, target.path), isNotNull(deliverableRevisions.releaseId))).for('update').limit(1)
    if (issued) throw new AppError('CONFLICT', 'An issued revision is kept for good: upload a new revision instead')
    const rows = await tx.delete(storedFiles).where(eq(storedFiles.path, target.path)).returning({ path: storedFiles.path })
    if (rows.length && actor) await recordAudit(tx, { actor, subjectUserId: target.ownerId, action: 'delete-file', details: { path: target.path } })
    if (rows.length) await syncJobRequestFiles(tx, target.path, 'remove')
    return rows.length > 0
  })
  if (!deleted) throw new AppError('NOT_FOUND', 'File not found')
  await (ctx.services.storage as BlobStore).delete(target.path)
  return { path: target.path }
}
