import { rm } from 'node:fs/promises'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'
import { resolveActor } from '../auth/resolve-actor'
import type { AppContext } from '../context'
import { clientIpFromRequest } from '../http/client-ip'
import { isAppError } from '../errors/app-error'
import { consumeRateLimit } from '../rate-limit/consume-rate-limit'
import { authorizeFileAccess } from '../services/files/authorize-file-access'
import { fileUrl } from '../services/files/file-types'
import { recordStoredFile } from '../services/files/record-stored-file'
import { buildStoragePath, contentTypeForName, sanitizeFileName, storageAreas, type StorageArea } from '../services/files/storage-path'
import type { BlobStore } from './blob-store'
import { checkFileContent, checkFileName } from './check-file-content'

export const UPLOAD_PATH = '/uploads'
export const PICTURE_SUBMISSIONS_PER_IP = { limit: 20, windowMs: 10 * 60_000 }

type Refusal = { status_code: number; body: string }
const refuse = (status_code: number, body: string): Refusal => ({ status_code, body })

function toRefusal(error: unknown, signedIn: boolean): Refusal {
  if (isAppError(error)) {
    if (error.code === 'UNAUTHORIZED') return refuse(signedIn ? 403 : 401, 'Unauthorized')
    if (error.code === 'NOT_FOUND') return refuse(404, error.message)
    if (error.code === 'BAD_REQUEST') return refuse(400, 'Invalid upload target')
    return refuse(error.status, error.message)
  }
  throw error
}

export function tooLargeMessage(maxBytes: number) {
  return `File is too large (the limit is ${Math.floor(maxBytes / 1e6)} MB)`
}

/**
 * The resumable upload endpoint (tus 1.0.0, contract in server/storage/README.md). Partial uploads sit in
 * DATA_DIR/uploads; on completion the content is checked and the file moves into the BlobStore and
 * becomes visible (stored_file row). Every request of an upload must come from the user who created it.
 */
export function createUploadServer(ctx: AppContext) {
  const directory = path.join(ctx.env.dataDir, 'uploads')
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 60 * 60 * 1000 })
  const maxBytes = ctx.env.UPLOAD_MAX_BYTES
  const server = new Server({
    path: UPLOAD_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    exposedHeaders: ['Upload-Path', 'Upload-Url'],
    async onUploadCreate(req, upload) {
      if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(400, 'Upload-Length is required')
      const actor = await resolveActor(req)
      const meta = upload.metadata ?? {}
      const kind = meta.kind as StorageArea | undefined
      if (!kind || !storageAreas.includes(kind)) throw refuse(400, 'Invalid upload target')
      const fileName = sanitizeFileName(meta.filename ?? meta.name ?? 'file')
      const folder =
        kind === 'job-files' ? (meta.jobRequestId ?? null) : kind === 'picture-submissions' ? null : (meta.ownerId || actor?.userId || null)
      let target
      try {
        const storagePath = buildStoragePath(kind, folder, fileName)
        target = await authorizeFileAccess({ actor, path: storagePath, mode: 'write' })
      } catch (error) {
        throw toRefusal(error, Boolean(actor))
      }
      const badName = checkFileName(kind, fileName)
      if (badName) throw refuse(415, badName)
      if (kind === 'picture-submissions') {
        const ip = clientIpFromRequest(req) ?? 'unknown'
        const { allowed } = await consumeRateLimit({ key: `upload:pictures:ip:${ip}`, ...PICTURE_SUBMISSIONS_PER_IP })
        if (!allowed) throw refuse(429, 'Too many uploads. Please wait a minute and try again.')
      }
      return {
        metadata: {
          filename: fileName,
          filetype: meta.filetype ?? null,
          kind,
          path: target.path,
          ownerId: target.ownerId ?? '',
          actorId: actor?.userId ?? '',
        },
      }
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return
      let upload: Upload
      try {
        upload = await datastore.getUpload(id)
      } catch {
        return // tus answers 404 itself
      }
      const owner = upload.metadata?.actorId ?? ''
      if (!owner) return
      const actor = await resolveActor(req)
      if (actor?.userId !== owner) throw refuse(actor ? 403 : 401, 'Unauthorized')
    },
    async onUploadFinish(req, upload) {
      const meta = upload.metadata ?? {}
      const filePath = path.join(directory, upload.id)
      const cleanUp = () => Promise.all([rm(filePath, { force: true }), rm(`${filePath}.json`, { force: true })])
      const storagePath = meta.path!
      const problem = await checkFileContent(meta.kind as StorageArea, meta.filename ?? '', filePath, meta.filetype)
      if (problem) {
        await cleanUp()
        throw refuse(415, problem)
      }
      const store = ctx.services.storage as BlobStore
      const contentType = contentTypeForName(meta.filename ?? '')
      const { size, eTag } = await store.putFile(storagePath, filePath, { contentType })
      await rm(`${filePath}.json`, { force: true })
      const actor = meta.actorId ? await resolveActor(req) : null
      await recordStoredFile({ actor, ownerId: meta.ownerId || null, path: storagePath, size, eTag, contentType })
      return { headers: { 'Upload-Path': storagePath, 'Upload-Url': fileUrl(storagePath) } }
    },
    onResponseError(_req, err) {
      const status = (err as Refusal).status_code
      if (status === 413) return refuse(413, tooLargeMessage(maxBytes))
      if (!status || status >= 500) {
        ctx.log.error({ err }, 'upload failed')
        return refuse(500, 'Upload failed')
      }
      return undefined
    },
  })
  return { server, datastore }
}
