import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { fileThumbnails } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { authorizeFileAccess } from './authorize-file-access'

/** A file's thumbnail, for whoever may read the file itself. */
export async function getFileThumbnail({ actor, path }: { actor: MaybeActor; path: string }): Promise<Buffer> {
  const target = await authorizeFileAccess({ actor, path, mode: 'read' })
  const [row] = await getAppContext().db.select({ png: fileThumbnails.png }).from(fileThumbnails).where(eq(fileThumbnails.path, target.path)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'No thumbnail')
  return row.png
}
