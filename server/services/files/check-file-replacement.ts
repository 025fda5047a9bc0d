import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { displayNameOf } from './file-types'

export interface CheckFileReplacementOptions {
  actor: MaybeActor
  /** The normalised path an upload is about to be stored at. */
  path: string
  /** Inside a transaction: the file's row is locked until it ends, so no other upload records it meanwhile. */
  tx?: Pick<Database, 'select'>
}

/**
 * An upload replaces a stored file only when the same person uploaded that file. A file someone else
 * uploaded (the other side of a job, the consultancy in a client's folder, a client in a folder the
 * consultancy also writes) is never overwritten by choosing its name, whoever asks, admins included:
 * the upload is refused, saying why, and the uploader renames their file. A file whose uploader is not
 * recorded is nobody's to replace. Checked when an upload is created, before its bytes move into the
 * store when it finishes, and when its file is recorded.
 */
export async function checkFileReplacement({ actor, path, tx }: CheckFileReplacementOptions): Promise<void> {
  const db = tx ?? getAppContext().db
  const query = db.select({ path: storedFiles.path, uploadedBy: storedFiles.uploadedBy, originalName: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.path, path))
  const [existing] = tx ? await query.for('update').limit(1) : await query.limit(1)
  if (!existing) return
  if (actor && existing.uploadedBy !== null && existing.uploadedBy === actor.userId) return
  throw new AppError('CONFLICT', `A file named ${displayNameOf(existing)} was uploaded by someone else: rename your file and upload it again`)
}
