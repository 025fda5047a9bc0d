import { and, asc, eq, isNull, like, notExists } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { deliverableRevisions, fileThumbnails, storedFiles } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { authorizeFileAccess } from './authorize-file-access'
import { toStoredFileInfo, type StoredFileInfo } from './file-types'

export interface ListFilesOptions {
  actor: MaybeActor
  /** A folder: "user-box/{userId}/", "job-files/{jobRequestId}/", "profile-pictures/{userId}/", "picture-submissions/". */
  prefix: string
}

/** Complete uploads under a folder (an upload in progress is not listed), by path, with their thumbnails' addresses. */
export async function listFiles({ actor, prefix }: ListFilesOptions): Promise<StoredFileInfo[]> {
  const folder = await authorizeFileAccess({ actor, path: prefix.endsWith('/') ? prefix : prefix + '/', mode: 'list' })
  const { db } = getAppContext()
  const escaped = folder.path.replace(/[\\%_]/g, (c) => '\\' + c)
  const rows = await db
    .select({ file: storedFiles, thumbnail: fileThumbnails.path })
    .from(storedFiles)
    .leftJoin(fileThumbnails, eq(fileThumbnails.path, storedFiles.path))
    .where(
      and(
        like(storedFiles.path, escaped + '%'),
        // A client lists the deliverables issued to it, never the consultancy's work in progress.
        folder.area === 'job-deliverables' && !actor?.isAdmin
          ? notExists(db.select({ id: deliverableRevisions.id }).from(deliverableRevisions).where(and(eq(deliverableRevisions.path, storedFiles.path), isNull(deliverableRevisions.releaseId))))
          : undefined,
      ),
    )
    .orderBy(asc(storedFiles.path))
    .limit(5000)
  return rows.map((r) => toStoredFileInfo(r.file, r.thumbnail !== null, actor))
}
