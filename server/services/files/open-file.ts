import type { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { ModelBox } from '../../../lib/model-box'
import { getAppContext } from '../../context/app-context'
import { storedFiles } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { BlobStore } from '../../storage/blobs/blob-store'
import type { MaybeActor } from '../shared/authorize'
import { authorizeFileAccess } from './authorize-file-access'
import { toStoredFileInfo, type StoredFileInfo } from './file-types'

export interface OpenFileOptions {
  actor: MaybeActor
  path: string
}

/**
 * A file's metadata and content stream, after the access check (the /files/* download route), with a
 * binary STL's box when its upload read one.
 */
export async function openFile({ actor, path }: OpenFileOptions): Promise<{ file: StoredFileInfo; body: Readable; modelBox: ModelBox | null }> {
  const target = await authorizeFileAccess({ actor, path, mode: 'read' })
  const ctx = getAppContext()
  const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.path, target.path)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'File not found')
  const store = ctx.services.storage as BlobStore
  const body = await store.get(row.path)
  if (!body) throw new AppError('NOT_FOUND', 'File not found')
  return { file: toStoredFileInfo(row, false, actor), body, modelBox: row.modelBox ?? null }
}
