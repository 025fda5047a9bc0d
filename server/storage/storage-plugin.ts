import type { Server } from '@tus/server'
import type { ServerPlugin } from '../http/plugin'
import { createBlobStore } from './create-blob-store'
import { createUploadServer, UPLOAD_PATH } from './create-upload-server'
import { serveFile } from './serve-file'

/** The blob store (ctx.services.storage), the tus endpoint /uploads and the download route /files/*. */
export const storagePlugin: ServerPlugin = {
  name: 'storage',
  setup(ctx) {
    const { env } = ctx
    const store = createBlobStore(env)
    ctx.services.storage = store
    const { server, datastore } = createUploadServer(ctx)
    ctx.services.uploads = server
    // Abandoned partial uploads expire after a day.
    const sweep = setInterval(() => datastore.deleteExpired().catch(() => {}), 60 * 60 * 1000)
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
  },
  stop(ctx) {
    clearInterval(ctx.services.uploadsSweep as NodeJS.Timeout)
  },
}
