import { chmodSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import { Server } from '@tus/server'
import { declaredTypeFits } from '../../../lib/file-types'
import { resolveActor } from '../../auth/resolve-actor'
import type { AppContext } from '../../context/app-context'
import { clientIpFromRequest } from '../../http/client-ip'
import { consumeRateLimit } from '../../rate-limit/consume-rate-limit'
import { authorizeFileAccess } from '../../services/files/authorize-file-access'
import { checkFileReplacement } from '../../services/files/check-file-replacement'
import { reserveStorage } from '../../services/files/reserve-storage'
import { countsTowardQuota } from '../../services/files/storage-quota'
import { buildStoragePath, isJobArea, sanitizeFileName, storageAreas, uploadFileName, type StorageArea } from '../../services/files/storage-path'
import type { BlobStore } from '../blobs/blob-store'
import { CONTENT_MISMATCH_MESSAGE, checkFileName } from './check-file-content'
import { checkUploadAllowance, tooLargeMessage } from '../../services/files/check-upload-allowance'
import { ensurePrivateDirectorySync } from '../../core/ensure-private-directory'
import { issueUploadKey, UPLOAD_KEY_HEADER, uploadKeyMatches } from './upload-key'
import { refuse, toRefusal, UploadRefusal } from './upload-refusal'
import { finishUpload, storedResult, UploadBusyError, UploadIncompleteError, UploadRefusedError, type StoredUpload } from './finish-upload'
import { createDiskPartials, createS3Partials } from './partial-bytes'
import { createUploadLocker } from './upload-locker'
import { toPartialRow, UploadStore } from './upload-store'

export const UPLOAD_PATH = '/uploads'
const PICTURE_SUBMISSIONS_PER_IP = { limit: 20, windowMs: 10 * 60_000 }

/**
 * The creation answer is built by @tus/server from its own headers; the key reaches the browser
 * through the Node response, whose headers Node merges into the answer (srvx keeps the Node
 * response on `runtime.node.res`). Without it the key cannot be delivered and the upload cannot be
 * continued: it fails closed.
 */
function sendUploadKey(req: Request, key: string) {
  setResponseHeaders(req, { [UPLOAD_KEY_HEADER]: key })
}

/** Headers added to the answer @tus/server builds (see sendUploadKey for how they get there). */
function setResponseHeaders(req: Request, headers: Record<string, string>) {
  const res = (req as { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res
  if (res && !res.headersSent) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}

/**
 * The stored file's path and download URL. A header holds only Latin-1, and a file name may hold any
 * character: the path is percent-encoded (encodeURI: "/" stays), so a client decodes it.
 */
const storedHeaders = (stored: StoredUpload) => ({ 'Upload-Path': encodeURI(stored.path), 'Upload-Url': stored.url })

/** The finishing step's outcome as the upload endpoint answers it. */
function toFinishRefusal(error: unknown): UploadRefusal {
  if (error instanceof UploadRefusedError || error instanceof UploadBusyError || error instanceof UploadIncompleteError) return refuse(error.status, error.message)
  throw error
}

/**
 * The resumable upload endpoint (tus 1.0.0, contract in server/storage/README.md). Each upload's record
 * and lock are in PostgreSQL; its bytes wait in DATA_DIR/uploads, or in the bucket when S3 is
 * configured, so any instance continues any upload. Once every byte is in, the content is checked,
 * the file moves into the BlobStore and becomes visible (stored_file row): see finishUpload, which
 * the final PATCH, any later HEAD or PATCH of that upload, and the sweeper all call, so an upload cut
 * by a crash after its last byte is still finished, and an upload is reported complete (Upload-Path)
 * only once its file is listed. Every later request of an upload must come from the user who created
 * it, or for a guest's upload carry the key it was given; anything else is refused.
 */
export function createUploadServer(ctx: AppContext) {
  const blobs = ctx.services.storage as BlobStore & { client?: S3Client }
  let partials
  if (blobs.kind === 's3') {
    partials = createS3Partials({ client: blobs.client!, bucket: ctx.env.S3_BUCKET!, db: ctx.db })
  } else {
    const directory = path.join(ctx.env.dataDir, 'uploads')
    ensurePrivateDirectorySync(directory)
    // Also when an earlier version created it readable by others.
    chmodSync(directory, 0o700)
    partials = createDiskPartials(directory)
  }
  const maxBytes = ctx.env.UPLOAD_MAX_BYTES
  const quotaBytes = ctx.env.STORAGE_QUOTA_BYTES
  // The declared length is held in the client's quota in the transaction that creates the upload, so
  // uploads started side by side are counted one after the other (the domain refuses the one that
  // does not fit) and the space is the upload's until it is stored, refused or removed.
  const datastore = new UploadStore(ctx.db, partials, async (tx, upload) => {
    const meta = upload.metadata ?? {}
    const ownerId = meta.ownerId || null
    if (!countsTowardQuota(meta.kind as StorageArea, ownerId)) return
    try {
      await reserveStorage(tx, { ownerId, uploadId: upload.id, path: meta.path!, bytes: upload.size!, quotaBytes })
    } catch (error) {
      throw toRefusal(error, Boolean(meta.actorId))
    }
  })
  /** Finishing steps running in this process (shutdown waits for them). */
  const finishing = new Set<Promise<unknown>>()
  const finish = (id: string) => {
    const work = finishUpload({ db: ctx.db, store: datastore, blobs, log: ctx.log, quotaBytes, id })
    finishing.add(work)
    void work.catch(() => {}).finally(() => finishing.delete(work))
    return work
  }
  const server = new Server({
    path: UPLOAD_PATH,
    datastore,
    locker: createUploadLocker({ db: ctx.db }),
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    allowedHeaders: [UPLOAD_KEY_HEADER],
    exposedHeaders: ['Upload-Path', 'Upload-Url', UPLOAD_KEY_HEADER],
    async onUploadCreate(req, upload) {
      // Shutting down: the upload starts on another instance (tus-js-client retries a 503).
      if (ctx.lifecycle.draining) throw refuse(503, 'The server is restarting. Please try again in a moment.')
      if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(400, 'Upload-Length is required')
      const actor = await resolveActor(req)
      const meta = upload.metadata ?? {}
      const kind = meta.kind as StorageArea | undefined
      if (!kind || !storageAreas.includes(kind)) throw refuse(400, 'Invalid upload target')
      // A guest's picture and a thread file get a name the server makes (the thread shows its own).
      const { fileName, originalName } = uploadFileName(kind, meta.filename ?? meta.name ?? 'file')
      const folder =
        isJobArea(kind)
          ? (meta.jobRequestId ?? null)
          : kind === 'blog-images'
            ? (meta.blogPostId ?? null)
            : kind === 'picture-submissions'
              ? null
              : (meta.ownerId || actor?.userId || null)
      let target
      try {
        const storagePath = buildStoragePath(kind, folder, fileName)
        target = await authorizeFileAccess({ actor, path: storagePath, mode: 'write' })
        // Refused before any byte is sent; checked again when the upload finishes.
        await checkFileReplacement({ actor, path: target.path })
      } catch (error) {
        throw toRefusal(error, Boolean(actor))
      }
      const badName = checkFileName(kind, fileName)
      if (badName) throw refuse(415, badName)
      // The browser's own check (the file-type registry) refuses this before sending; so does the server.
      if (!declaredTypeFits(kind, fileName, meta.filetype)) throw refuse(415, CONTENT_MISMATCH_MESSAGE)
      try {
        await checkUploadAllowance({ area: kind, size: upload.size })
      } catch (error) {
        throw toRefusal(error, Boolean(actor))
      }
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
          originalName: originalName ?? '',
          // A deliverable is a revision of the document named (a new one: the name it was uploaded under).
          document: kind === 'job-deliverables' ? sanitizeFileName(meta.document || originalName || fileName) : '',
          filetype: meta.filetype ?? null,
          kind,
          path: target.path,
          ownerId: target.ownerId ?? '',
          actorId: actor?.userId ?? '',
          actorAdmin: actor?.isAdmin ? '1' : '',
          keyHash,
        },
      }
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return
      const row = await datastore.find(id).catch(() => undefined)
      if (!row) throw refuse(404, 'Upload not found')
      const meta = row.metadata ?? {}
      if (meta.actorId) {
        const actor = await resolveActor(req)
        if (actor?.userId !== meta.actorId) throw refuse(actor ? 403 : 401, 'Unauthorized')
      } else if (!(meta.keyHash && uploadKeyMatches(req.headers.get(UPLOAD_KEY_HEADER), meta.keyHash))) {
        // A guest's upload without its key, or an upload whose owner cannot be told: nobody may continue it.
        throw refuse(403, 'Unauthorized')
      }
      // A HEAD after every byte is in reports the upload complete only with its stored file: it finishes
      // the upload first when nobody did (the server died after the last byte), or waits for it (423).
      if (req.method === 'HEAD') {
        if (row.state === 'stored' && row.storagePath) return setResponseHeaders(req, storedHeaders(storedResult(row.storagePath)))
        if (row.state === 'refused' || (await datastore.partials.received(toPartialRow(row))) >= row.size) {
          try {
            setResponseHeaders(req, storedHeaders(await finish(id)))
          } catch (error) {
            throw toFinishRefusal(error)
          }
        }
      }
    },
    async onUploadFinish(_req, upload) {
      try {
        return { headers: storedHeaders(await finish(upload.id)) }
      } catch (error) {
        throw toFinishRefusal(error)
      }
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
  return { server, datastore, finishing, finish }
}
