import { createHash, randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import { companyFieldsOf, loadMembership } from '../../services/companies/load-membership'
import type { Actor } from '../../auth/actor'
import type { Database } from '../../db/open-database'
import { uploads } from '../../db/schema'
import type { Logger } from '../../core/logger'
import { isAppError } from '../../errors/app-error'
import { toHttpAnswer } from '../../errors/to-http-answer'
import { authorizeFileAccess } from '../../services/files/authorize-file-access'
import { checkFileReplacement } from '../../services/files/check-file-replacement'
import { checkStorageQuota } from '../../services/files/check-storage-quota'
import { fileUrl } from '../../services/files/file-types'
import { readResultSummary } from '../../services/files/read-result-summary'
import { readModelBox } from '../../services/files/read-model-box'
import { recordStoredFile } from '../../services/files/record-stored-file'
import { releaseStorage } from '../../services/files/release-storage'
import { countsTowardQuota } from '../../services/files/storage-quota'
import { contentTypeOf } from '../../../lib/file-types'
import type { StorageArea } from '../../services/files/storage-path'
import type { BlobStore } from '../blobs/blob-store'
import { checkFileContentBytes, CONTENT_SNIFF_BYTES } from './check-file-content'
import { checkUploadAllowance } from '../../services/files/check-upload-allowance'
import { readImageSize } from './read-image-size'
import { toPartialRow, type UploadRow, type UploadStore } from './upload-store'

export interface StoredUpload {
  path: string
  url: string
}

/** The finishing step runs on another instance (or another request) right now: ask again shortly. */
export class UploadBusyError extends Error {
  readonly status = 423
  constructor() {
    super('The upload is being finished; try again in a moment')
    this.name = 'UploadBusyError'
  }
}

/** The content check refused the file: final, the client must not retry. */
export class UploadRefusedError extends Error {
  readonly status: number
  constructor(message: string, status = 415) {
    super(message)
    this.name = 'UploadRefusedError'
    this.status = status
  }
}

/** Not every byte has arrived yet. */
export class UploadIncompleteError extends Error {
  readonly status = 409
  constructor() {
    super('The upload is not complete')
    this.name = 'UploadIncompleteError'
  }
}

export interface FinishUploadOptions {
  db: Database
  store: UploadStore
  blobs: BlobStore
  log: Logger
  /** STORAGE_QUOTA_BYTES: checked again at the end (the quota may have been lowered, or the upload reserved nothing). */
  quotaBytes: number
  id: string
  /** How long a finishing step may run unrenewed before another instance takes it over. */
  leaseMs?: number
}

export const storedResult = (path: string): StoredUpload => ({ path, url: fileUrl(path) })

/** The first key of the advisory lock that serialises the finishing steps of one target path. */
const FINISH_PATH_LOCK = 2_510_001

/**
 * The last step of an upload, once every byte is in: the content check, the move into the store, and
 * the stored_file row that makes it visible. Idempotent and resumable: whoever calls it (the final
 * PATCH, a HEAD after a crash, the sweeper) on whichever instance, it finishes the upload once; a
 * step cut short by a crash is taken over when its lease runs out. Only when the file is listed does
 * it return its path; the upload endpoint never reports an upload complete before that.
 */
export async function finishUpload({ db, store, blobs, log, quotaBytes, id, leaseMs = 15_000 }: FinishUploadOptions): Promise<StoredUpload> {
  const existing = await store.find(id)
  if (!existing) throw new UploadRefusedError('The upload was not found', 404)
  const settled = settledResult(existing)
  if (settled) return settled
  if ((await store.partials.received(toPartialRow(existing))) < existing.size && !(await movedAlready(existing, blobs))) throw new UploadIncompleteError()

  const token = randomUUID()
  const lease = sql.raw(`interval '${Math.ceil(leaseMs)} milliseconds'`)
  const path = existing.metadata.path ?? ''
  const [row] = await db.transaction(async (tx) => {
    // One finishing step per target path at a time, across uploads and instances: the check that the
    // path holds no one else's file and the move of the bytes there are never interleaved with another
    // upload's, so two people finishing files of one name cannot both pass the check (the second waits
    // for the first to be listed, then is refused). Advisory locks of two keys do not meet the
    // migrations' one-key lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FINISH_PATH_LOCK}, hashtext(${path}))`)
    return tx
      .update(uploads)
      .set({ state: 'finishing', finishOwner: token, finishUntil: sql`now() + ${lease}`, updatedAt: new Date() })
      .where(
        and(
          eq(uploads.id, id),
          sql`${uploads.state} IN ('receiving', 'finishing')`,
          sql`(${uploads.finishUntil} IS NULL OR ${uploads.finishUntil} < now())`,
          sql`NOT EXISTS (SELECT 1 FROM upload other WHERE other.id <> ${id} AND other.state = 'finishing' AND other.metadata->>'path' = ${path} AND other.finish_until >= now())`,
        ),
      )
      .returning()
  })
  if (!row) {
    const now = await store.find(id)
    const done = now && settledResult(now)
    if (done) return done
    throw new UploadBusyError()
  }
  const renew = setInterval(() => {
    db.update(uploads)
      .set({ finishUntil: sql`now() + ${lease}` })
      .where(and(eq(uploads.id, id), eq(uploads.finishOwner, token)))
      .catch(() => {})
  }, Math.floor(leaseMs / 3))
  renew.unref()
  try {
    return await finishClaimed(row, { db, store, blobs, log, quotaBytes })
  } catch (error) {
    // Anything but a refusal may pass (the store was unreachable): the next request tries again at once.
    if (!(error instanceof UploadRefusedError)) {
      await db.update(uploads).set({ finishOwner: null, finishUntil: null }).where(and(eq(uploads.id, id), eq(uploads.finishOwner, token))).catch(() => {})
    }
    throw error
  } finally {
    clearInterval(renew)
  }
}

function settledResult(row: UploadRow): StoredUpload | null {
  if (row.state === 'stored' && row.storagePath) return storedResult(row.storagePath)
  if (row.state === 'refused') throw new UploadRefusedError(row.refusal ?? 'The upload was refused')
  return null
}

/** A crash after the bytes were moved into the store (a rename on disk) but before the row was written. */
async function movedAlready(row: UploadRow, blobs: BlobStore): Promise<boolean> {
  const local = (row.metadata.path && row.state === 'finishing' && blobs.kind === 'disk') || false
  if (!local) return false
  const target = await blobs.stat(row.metadata.path!)
  return target?.size === row.size
}

async function finishClaimed(row: UploadRow, { db, store, blobs, log, quotaBytes }: Omit<FinishUploadOptions, 'id' | 'leaseMs'>): Promise<StoredUpload> {
  const meta = row.metadata
  const storagePath = meta.path!
  const fileName = meta.filename ?? ''
  const partial = toPartialRow(row)
  const localPath = store.partials.localPath(partial)
  const localExists = localPath ? await stat(localPath).then(() => true, () => false) : false
  const moved = localPath && !localExists && (await movedAlready(row, blobs))
  // The uploader's company and role as they are now: a member removed while uploading may not finish.
  const actor: Actor | null = meta.actorId ? { userId: meta.actorId, email: '', groups: [], isAdmin: meta.actorAdmin === '1', ...companyFieldsOf(await loadMembership(meta.actorId)) } : null
  const refuse = async (problem: string, status = 415): Promise<never> => {
    await db.transaction(async (tx) => {
      await tx.update(uploads).set({ state: 'refused', refusal: problem, finishOwner: null, finishUntil: null, updatedAt: new Date() }).where(eq(uploads.id, row.id))
      await releaseStorage(tx, row.id)
    })
    await store.partials.remove(partial).catch((error: unknown) => log.warn({ err: error, upload: row.id }, 'could not remove a refused upload'))
    throw new UploadRefusedError(problem, status)
  }

  if (!moved) {
    // Again at the end: the job may be gone, the folder's owner may have filled their space meanwhile.
    try {
      const target = await authorizeFileAccess({ actor, path: storagePath, mode: 'write' })
      // Someone else's file may have been stored at this path since the upload was created.
      await checkFileReplacement({ actor, path: target.path })
      await checkUploadAllowance({ area: meta.kind as StorageArea, size: row.size })
      // The upload's own reservation is the room it checks against, not more usage.
      if (countsTowardQuota(meta.kind as StorageArea, target.ownerId)) await checkStorageQuota({ ownerId: target.ownerId, path: target.path, bytes: row.size, quotaBytes, uploadId: row.id })
    } catch (error) {
      if (isAppError(error)) {
        const answer = toHttpAnswer(error, { signedIn: actor !== null })
        await refuse(answer.message, answer.status)
      }
      throw error
    }
    const head = await store.partials.head(partial, CONTENT_SNIFF_BYTES)
    const problem = await checkFileContentBytes(meta.kind as StorageArea, fileName, head, meta.filetype)
    if (problem) await refuse(problem)
  }

  const contentType = contentTypeOf(fileName)
  let stored: { size: number; eTag: string }
  if (moved) {
    stored = (await blobs.stat(storagePath))!
  } else if (localPath) {
    stored = await blobs.putFile(storagePath, localPath, { contentType })
  } else {
    stored = await blobs.putStream(storagePath, store.partials.read(partial), { contentType, contentLength: row.size })
  }

  // A blog post's picture is shown at its own size: read now, kept beside the file.
  const imageSize = meta.kind === 'blog-images' ? await readImageSize(blobs, storagePath) : null
  if (meta.kind === 'blog-images' && !imageSize) {
    await blobs.delete(storagePath).catch(() => {})
    await refuse('The picture’s size could not be read')
  }
  // A simulation result's key numbers for its card: read now, kept beside the file.
  const resultSummary = await readResultSummary({ blobs, path: storagePath, fileName, size: stored.size })
  // A binary STL's box, sent with its download so the viewer draws it as it arrives.
  const modelBox = await readModelBox({ blobs, path: storagePath, fileName, size: stored.size })
  // A deliverable's revision records the SHA-256 of the bytes as stored.
  const revision = meta.kind === 'job-deliverables' ? { document: meta.document || meta.originalName || fileName, sha256: await sha256Of(blobs, storagePath) } : null
  try {
    await recordStoredFile({ actor, ownerId: meta.ownerId || null, path: storagePath, size: stored.size, eTag: stored.eTag, contentType, originalName: meta.originalName || null, uploadId: row.id, imageSize, resultSummary, modelBox, revision })
  } catch (error) {
    if (isAppError(error) && error.code === 'CONFLICT') {
      // Someone else's file is listed at this path: never reached while finishing steps of a path take
      // turns (above); if it ever is, the listing stays theirs and this upload is refused.
      log.error({ upload: row.id, path: storagePath }, 'an upload finished over a file someone else uploaded')
      await refuse(error.message, 409)
    }
    // The place it was going to is gone (its job request was deleted meanwhile): the file goes too.
    if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error
    await blobs.delete(storagePath).catch(() => {})
    await refuse(error.message, 404)
  }
  await db.update(uploads).set({ state: 'stored', storagePath, finishOwner: null, finishUntil: null, updatedAt: new Date() }).where(eq(uploads.id, row.id))
  if (!localPath) await store.partials.remove(partial).catch((error: unknown) => log.warn({ err: error, upload: row.id }, 'could not remove the parts of a stored upload'))
  return storedResult(storagePath)
}

/** The SHA-256 of a stored file's bytes, in hex, read as a stream. */
async function sha256Of(blobs: BlobStore, key: string): Promise<string> {
  const body = await blobs.get(key)
  if (!body) throw new Error(`stored file ${key} cannot be read back`)
  const hash = createHash('sha256')
  for await (const chunk of body) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
