import { chmod } from 'node:fs/promises'
import type { Server } from '@tus/server'
import type { ServerPlugin } from '../http/plugin'
import { createBlobStore, diskStoreRoot } from './blobs/create-blob-store'
import { ensurePrivateDirectory } from '../core/ensure-private-directory'
import { createUploadServer, UPLOAD_PATH } from './uploads/create-upload-server'
import { serveFile } from './serve-file'
import { serveThumbnail, storeThumbnail } from './serve-thumbnail'
import { THUMBNAIL_MAX_BYTES } from '../services/files/set-file-thumbnail'
import { sweepUploads } from './uploads/sweep-uploads'
import { limitBody } from '../http/body-limit'

/** How often each instance looks for uploads to finish or clean up; the folder or bucket listing runs every 60th time. */
const SWEEP_EVERY_MS = 60_000

/** The blob store (ctx.services.storage), the tus endpoint /uploads, the download route /files/* and the files' thumbnails /thumbnails/*. */
export const storagePlugin: ServerPlugin = {
  name: 'storage',
  async setup(ctx) {
    const { env } = ctx
    if (!env.S3_BUCKET) {
      const filesRoot = diskStoreRoot(env.dataDir)
      await ensurePrivateDirectory(filesRoot)
      // The store's own folder, even when an earlier version created it readable by others.
      await chmod(filesRoot, 0o700)
    }
    const store = createBlobStore(env)
    ctx.services.storage = store
    const { server, datastore, finishing } = createUploadServer(ctx)
    ctx.services.uploads = server
    ctx.services.uploadsFinishing = finishing
    ctx.services.uploadStore = datastore
    // Complete uploads nobody finished are finished; abandoned ones (a day idle) are removed.
    let runs = 0
    let sweeping: Promise<unknown> | undefined
    const sweep = setInterval(() => {
      if (sweeping || ctx.lifecycle.draining) return
      const includeOrphans = runs++ % 60 === 0
      const run = sweepUploads({ db: ctx.db, store: datastore, blobs: store, log: ctx.log, quotaBytes: env.STORAGE_QUOTA_BYTES, includeOrphans })
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'upload sweep failed'))
        .finally(() => {
          sweeping = undefined
          finishing.delete(run)
        })
      sweeping = run
      finishing.add(run)
    }, SWEEP_EVERY_MS)
    sweep.unref()
    ctx.services.uploadsSweep = sweep
    ctx.log.info({ store: store.kind }, 'file storage ready')
  },
  node(req, res, ctx) {
    const url = req.url ?? ''
    if (url !== UPLOAD_PATH && !url.startsWith(UPLOAD_PATH + '/') && !url.startsWith(UPLOAD_PATH + '?')) return false
    const server = ctx.services.uploads as Server
    server.handle(req, res).catch((error: unknown) => {
      ctx.log.error({ err: error }, 'upload request failed')
      if (!res.headersSent) res.writeHead(500).end('Upload failed')
      else res.destroy()
    })
    return true
  },
  routes(app) {
    app.on(['GET', 'HEAD'], '/files/*', (c) => serveFile(c))
    app.on(['GET', 'HEAD'], '/thumbnails/*', (c) => serveThumbnail(c))
    app.put(
      '/thumbnails/*',
      limitBody(THUMBNAIL_MAX_BYTES, (c) => c.text('The thumbnail is too large', 413)),
      (c) => storeThumbnail(c),
    )
  },
  async stop(ctx) {
    clearInterval(ctx.services.uploadsSweep as NodeJS.Timeout)
    // Uploads being finished complete before the database closes (the HTTP server already waited for
    // the requests that started them, within the same grace period).
    const finishing = ctx.services.uploadsFinishing as Set<Promise<unknown>>
    if (finishing.size) {
      ctx.log.info({ uploads: finishing.size }, 'waiting for uploads that are being finished')
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.allSettled([...finishing]), new Promise((resolve) => (timer = setTimeout(resolve, ctx.env.SHUTDOWN_GRACE_SECONDS * 1000)))])
      clearTimeout(timer)
    }
  },
}
