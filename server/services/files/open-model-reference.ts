import type { Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { resolveModelReference } from '../../../lib/model-references'
import { previewKindOf } from '../../../lib/file-types'
import { isAdminGroups } from '../../auth/actor'
import { getAppContext } from '../../context/app-context'
import { storedFiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { BlobStore } from '../../storage/blobs/blob-store'
import type { MaybeActor } from '../shared/authorize'
import { companyFieldsOf, loadMembership } from '../companies/load-membership'
import { authorizeFileAccess } from './authorize-file-access'
import { toStoredFileInfo, type StoredFileInfo } from './file-types'
import { parseStoragePath } from './storage-path'

export interface OpenModelReferenceOptions {
  actor: MaybeActor
  /** The model's path. */
  path: string
  /** The file the model names, a plain name in the model's own folder. */
  name: string
}

/**
 * A file a model names (a glTF's buffer or image, an OBJ's material library), read for a preview of
 * that model. The one previewing may be the consultancy, whose rights reach every client's folder,
 * while what the model names is its uploader's choice: so the file must sit directly in the model's
 * folder, have been uploaded by the model's uploader, and be readable by that uploader as well as by
 * the actor. Anything else is refused as if the actor could not read it.
 */
export async function openModelReference({ actor, path, name }: OpenModelReferenceOptions): Promise<{ file: StoredFileInfo; body: Readable }> {
  const model = await authorizeFileAccess({ actor, path, mode: 'read' })
  if (!previewKindOf(model.fileName ?? '')) throw new AppError('BAD_REQUEST', 'Only a model names other files')
  const verdict = resolveModelReference(name, 'name')
  if (verdict.kind !== 'sibling' || verdict.name !== name) throw new AppError('BAD_REQUEST', "A model's reference is a file of its own folder")
  const target = parseStoragePath([model.area, model.folder, encodeURIComponent(name)].filter(Boolean).join('/'))
  if (target.area !== model.area || target.folder !== model.folder) throw new AppError('BAD_REQUEST', "A model's reference is a file of its own folder")

  const ctx = getAppContext()
  const rows = await ctx.db.select().from(storedFiles).where(inArray(storedFiles.path, [model.path, target.path]))
  const modelRow = rows.find((r) => r.path === model.path)
  const fileRow = rows.find((r) => r.path === target.path)
  if (!modelRow || !fileRow) throw new AppError('NOT_FOUND', 'File not found')
  if (!modelRow.uploadedBy || fileRow.uploadedBy !== modelRow.uploadedBy) throw new AppError('UNAUTHORIZED')
  const [uploader] = await ctx.db.select({ id: users.id, email: users.email, groups: users.groups }).from(users).where(eq(users.id, modelRow.uploadedBy)).limit(1)
  if (!uploader) throw new AppError('UNAUTHORIZED')
  const uploaderActor = { userId: uploader.id, email: uploader.email, groups: uploader.groups, isAdmin: isAdminGroups(uploader.groups), ...companyFieldsOf(await loadMembership(uploader.id)) }
  await authorizeFileAccess({ actor: uploaderActor, path: target.path, mode: 'read' })
  await authorizeFileAccess({ actor, path: target.path, mode: 'read' })

  const body = await (ctx.services.storage as BlobStore).get(fileRow.path)
  if (!body) throw new AppError('NOT_FOUND', 'File not found')
  return { file: toStoredFileInfo(fileRow, false, actor), body }
}
