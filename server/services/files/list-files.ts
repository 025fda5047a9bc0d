import { asc, eq, like } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { fileThumbnails, storedFiles } from '../../db/schema'
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
    .where(like(storedFiles.path, escaped + '%'))
    .orderBy(asc(storedFiles.path))
    .limit(5000)
  return rows.map((r) => toStoredFileInfo(r.file, r.thumbnail !== null, actor))
}
