import { randomUUID } from 'node:crypto'
import { chmodSync } from 'node:fs'
import { chmod, open, rm } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'
import type { Actor } from '../auth/actor'
import { resolveActor } from '../auth/resolve-actor'
import type { AppContext } from '../context'
import { clientIpFromRequest } from '../http/client-ip'
import { consumeRateLimit } from '../rate-limit/consume-rate-limit'
import { authorizeFileAccess } from '../services/files/authorize-file-access'
import { fileUrl } from '../services/files/file-types'
import { recordStoredFile } from '../services/files/record-stored-file'
import { buildStoragePath, contentTypeForName, sanitizeFileName, storageAreas, type StorageArea } from '../services/files/storage-path'
import type { BlobStore } from './blob-store'
import { checkFileContent, checkFileName } from './check-file-content'
import { checkUploadAllowance } from './check-upload-allowance'
import { ensurePrivateDirectorySync } from './ensure-private-directory'
import { issueUploadKey, UPLOAD_KEY_HEADER, uploadKeyMatches } from './upload-key'
import { refuse, toRefusal, tooLargeMessage, UploadRefusal } from './upload-refusal'

export const UPLOAD_PATH = '/uploads'
export const PICTURE_SUBMISSIONS_PER_IP = { limit: 20, windowMs: 10 * 60_000 }

/**
 * Partial uploads are the server's alone: the folder is 0700 and each upload's data and metadata
 * files are created 0600 before tus writes to them (tus itself would create them with the umask).
 */
class PrivateFileStore extends FileStore {
  override async create(upload: Upload) {
    const file = path.join(this.directory, upload.id)
    for (const created of [file, `${file}.json`]) {
      const handle = await open(created, 'w', 0o600)
      await handle.close()
      await chmod(created, 0o600)
    }
    return super.create(upload)
  }
}

/** A guest's picture gets a name the server makes, so no one can replace another's submission. */
function serverMadeName(clientName: string): string {
  const dot = clientName.lastIndexOf('.')
  const extension = dot > 0 ? clientName.slice(dot + 1).toLowerCase() : ''
  return extension ? `${randomUUID()}.${extension}` : randomUUID()
}

/**
 * The creation answer is built by @tus/server from its own headers; the key reaches the browser
 * through the Node response, whose headers Node merges into the answer (srvx keeps the Node
 * response on `runtime.node.res`). Without it the key cannot be delivered and the upload cannot be
 * continued: it fails closed.
 */
function sendUploadKey(req: Request, key: string) {
  const res = (req as { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res
  if (res && !res.headersSent) res.setHeader(UPLOAD_KEY_HEADER, key)
}

/**
 * The resumable upload endpoint (tus 1.0.0, contract in server/storage/README.md). Partial uploads sit in
 * DATA_DIR/uploads; on completion the content is checked and the file moves into the BlobStore and
 * becomes visible (stored_file row). Every later request of an upload must come from the user who
 * created it, or for a guest's upload carry the key it was given; anything else is refused.
 */
export function createUploadServer(ctx: AppContext) {
  const directory = path.join(ctx.env.dataDir, 'uploads')
  ensurePrivateDirectorySync(directory)
  // Also when an earlier version created it readable by others.
  chmodSync(directory, 0o700)
  const datastore = new PrivateFileStore({ directory, expirationPeriodInMilliseconds: 24 * 60 * 60 * 1000 })
  const maxBytes = ctx.env.UPLOAD_MAX_BYTES
  const quotaBytes = ctx.env.STORAGE_QUOTA_BYTES
  const server = new Server({
    path: UPLOAD_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    allowedHeaders: [UPLOAD_KEY_HEADER],
    exposedHeaders: ['Upload-Path', 'Upload-Url', UPLOAD_KEY_HEADER],
    async onUploadCreate(req, upload) {
      if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(400, 'Upload-Length is required')
      const actor = await resolveActor(req)
      const meta = upload.metadata ?? {}
      const kind = meta.kind as StorageArea | undefined
      if (!kind || !storageAreas.includes(kind)) throw refuse(400, 'Invalid upload target')
      const clientName = sanitizeFileName(meta.filename ?? meta.name ?? 'file')
      const fileName = kind === 'picture-submissions' ? serverMadeName(clientName) : clientName
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
      const tooMuch = await checkUploadAllowance({ area: kind, ownerId: target.ownerId, path: target.path, size: upload.size, quotaBytes })
      if (tooMuch) throw tooMuch
      if (kind === 'picture-submissions') {
        const ip = clientIpFromRequest(req) ?? 'unknown'
        const { allowed } = await consumeRateLimit({ key: `upload:pictures:ip:${ip}`, ...PICTURE_SUBMISSIONS_PER_IP })
        if (!allowed) throw refuse(429, 'Too many uploads. Please wait a minute and try again.')
      }
      let keyHash = ''
      if (!actor) {
        const issued = issueUploadKey()
        sendUploadKey(req, issued.key)
        keyHash = issued.hash
      }
      return {
        metadata: {
          filename: fileName,
          filetype: meta.filetype ?? null,
          kind,
          path: target.path,
          ownerId: target.ownerId ?? '',
          actorId: actor?.userId ?? '',
          keyHash,
        },
      }
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return
      let upload: Upload
      try {
        upload = await datastore.getUpload(id)
      } catch {
        throw refuse(404, 'Upload not found')
      }
      const meta = upload.metadata ?? {}
      if (meta.actorId) {
        const actor = await resolveActor(req)
        if (actor?.userId !== meta.actorId) throw refuse(actor ? 403 : 401, 'Unauthorized')
        return
      }
      if (meta.keyHash && uploadKeyMatches(req.headers.get(UPLOAD_KEY_HEADER), meta.keyHash)) return
      // A guest's upload without its key, or an upload whose owner cannot be told: nobody may continue it.
      throw refuse(403, 'Unauthorized')
    },
    async onUploadFinish(req, upload) {
      const meta = upload.metadata ?? {}
      const filePath = path.join(directory, upload.id)
      const cleanUp = () => Promise.all([rm(filePath, { force: true }), rm(`${filePath}.json`, { force: true })])
      const kind = meta.kind as StorageArea
      const store = ctx.services.storage as BlobStore
      let actor: Actor | null = null
      let storagePath: string
      try {
        actor = meta.actorId ? await resolveActor(req) : null
        // Again at the end: the job may be gone, the folder's owner may have filled their space meanwhile.
        const target = await authorizeFileAccess({ actor, path: meta.path ?? '', mode: 'write' })
        storagePath = target.path
        const problem = await checkFileContent(kind, meta.filename ?? '', filePath, meta.filetype)
        if (problem) throw refuse(415, problem)
        const tooMuch = await checkUploadAllowance({ area: kind, ownerId: target.ownerId, path: target.path, size: upload.offset, quotaBytes })
        if (tooMuch) throw tooMuch
      } catch (error) {
        await cleanUp()
        throw toRefusal(error, Boolean(actor))
      }
      const contentType = contentTypeForName(meta.filename ?? '')
      const { size, eTag } = await store.putFile(storagePath, filePath, { contentType })
      await rm(`${filePath}.json`, { force: true })
      try {
        await recordStoredFile({ actor, ownerId: meta.ownerId || null, path: storagePath, size, eTag, contentType })
      } catch (error) {
        // Not recorded (its job request was deleted meanwhile): its bytes must not stay behind.
        await store.delete(storagePath)
        throw toRefusal(error, Boolean(actor))
      }
      return { headers: { 'Upload-Path': storagePath, 'Upload-Url': fileUrl(storagePath) } }
    },
    onResponseError(_req, err) {
      // Our own refusals are worded for the user already.
      if (err instanceof UploadRefusal) return undefined
      const status = (err as { status_code?: number }).status_code
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
