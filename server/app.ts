import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import { resolveActor } from './auth/resolve-actor'
import { setAppContext, type AppContext } from './context/app-context'
import { openDatabase } from './db/open-database'
import { createPgNotifications } from './db/pg-notifications'
import type { Env } from './core/env'
import { closeRedisClient, createRedisClient } from './events/create-redis-client'
import { createInProcessEventBus } from './events/event-bus'
import { createPgEventBus } from './events/pg-event-bus'
import { createRedisEventBus } from './events/redis-event-bus'
import { compressAnswers } from './http/compress-answers'
import { contentSecurityPolicy, createPagePolicy } from './http/content-security-policy'
import { createGuestPageCache } from './http/guest-page-cache'
import { asGuestRequest, isPortalDocument } from './http/portal-documents'
import { loadStaticFiles, type StaticFiles } from './http/static-files'
import { checkDatabase, checkHealth, guestHealthReport } from './http/healthz'
import { rejectInvalidText } from './http/invalid-text'
import type { ServerPlugin } from './http/plugin'
import { readScriptHashManifest } from './http/script-hash-manifest'
import { securityHeaders } from './http/security-headers'
import { SECURITY_TXT_PATH, securityTxt } from './http/security-txt'
import { trackConnections } from './http/track-connections'
import { createLogger, type Logger } from './core/logger'
import { plugins as defaultPlugins } from './plugins'

export interface CloseOptions {
  /**
   * How long to keep serving while /readyz already answers 503, so a load balancer that polls it stops
   * sending new requests before this instance stops accepting them (SHUTDOWN_DELAY_SECONDS on SIGTERM).
   */
  drainDelayMs?: number
}

export interface RunningServer {
  ctx: AppContext
  http: Server
  url: string
  close(options?: CloseOptions): Promise<void>
}

export interface StartOptions {
  env: Env
  log?: Logger
  plugins?: ServerPlugin[]
  /** Serve the Vite dev server instead of the production build. */
  dev?: boolean
  /** A worker of a multi-process server: the embedded PostgreSQL its primary started. */
  sharedEmbeddedUrl?: string
}

const root = process.cwd()
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env, log = createLogger(env.LOG_LEVEL), plugins = defaultPlugins, dev = false } = options
  process.env.PUBLIC_URL = env.publicUrl
  // Set once the server is stopping (close below): /readyz says so, uploads are refused, and the
  // database going away with it is expected.
  const lifecycle = { draining: false }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, log, sharedEmbeddedUrl: options.sharedEmbeddedUrl, stopping: () => lifecycle.draining })
  // With REDIS_URL: one shared command connection (ctx.services.redis) and pub/sub across instances.
  const redis = env.REDIS_URL ? createRedisClient(env.REDIS_URL, log) : undefined
  // What PostgreSQL announces (NOTIFY), heard on one connection: every instance on the same database hears it.
  const notifications = createPgNotifications(database.pool, log, { stopping: () => lifecycle.draining })
  // Realtime events: Redis when configured; PostgreSQL's NOTIFY when several processes or instances
  // share the database without Redis; within the process otherwise (decision 029).
  const events = redis
    ? createRedisEventBus({ url: env.REDIS_URL!, log, publisher: redis })
    : env.WEB_CONCURRENCY > 1 || env.DATABASE_URL || options.sharedEmbeddedUrl
      ? createPgEventBus({ pool: database.pool, notifications, log })
      : createInProcessEventBus()
  // A healthy Redis answers at once; an unreachable one must not hold the start (the site works without it).
  if (events.kind !== 'in-process') await events.waitUntilLive(2000)
  const ctx: AppContext = { env, log, db: database.db, database, events, services: { notifications, ...(redis ? { redis } : {}) }, startedAt: new Date(), lifecycle }
  setAppContext(ctx)

  try {
    for (const plugin of plugins) await plugin.setup?.(ctx)
  } catch (error) {
    await notifications.close().catch(() => {})
    await events.close().catch(() => {})
    if (redis) await closeRedisClient(redis)
    await database.close().catch(() => {})
    throw error
  }

  const app = new Hono()
  app.use('*', compressAnswers())
  // Before any handler reads the input: text no field accepts is a 400 here, not a database error later.
  app.use('*', rejectInvalidText())
  // Not under the Vite dev server, whose injected scripts change as it runs.
  let staticFiles: StaticFiles | undefined
  if (!dev) {
    const scriptHashes = readScriptHashManifest(path.join(buildDir, 'server'))
    const policyOptions = { rpcUrls: env.rpcUrls, googleMapsApiKey: env.GOOGLE_MAPS_API_KEY, publicUrl: env.PUBLIC_URL }
    app.use('*', contentSecurityPolicy({ ...policyOptions, scriptHashes }))
    staticFiles = loadStaticFiles(path.join(buildDir, 'client'), { scriptHashes, pagePolicy: createPagePolicy(policyOptions) })
  }
  app.get(SECURITY_TXT_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=86400')
    return c.text(securityTxt({ publicUrl: env.publicUrl }))
  })
  // Liveness: the process answers (a supervisor restarts it when this stops answering).
  app.get('/livez', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'alive' })
  })
  // Readiness: send this instance traffic (503 while it shuts down or cannot reach its database).
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (ctx.lifecycle.draining) return c.json({ status: 'draining' }, 503)
    const database = await checkDatabase(ctx)
    return database.reachable ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable', reason: 'the database cannot be reached' }, 503)
  })
  app.get('/healthz', async (c) => {
    const report = await checkHealth(ctx)
    c.header('Cache-Control', 'no-store')
    // Versions and error messages help an attacker more than a visitor: admins only.
    const actor = await resolveActor(c.req.raw).catch(() => null)
    return c.json(actor?.isAdmin ? report : guestHealthReport(report), report.database.reachable ? 200 : 503)
  })
  if (process.env.ENABLE_TEST_ROUTES === '1') {
    // A request that takes ?ms= to answer, for the graceful-shutdown test; absent in a real deployment.
    app.get('/__test/slow', async (c) => {
      await new Promise((r) => setTimeout(r, Math.min(Number(c.req.query('ms')) || 0, 10_000)))
      return c.text('slow response complete')
    })
  }
  for (const plugin of plugins) plugin.routes?.(app, ctx)

  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined
  let getBuild: () => Promise<ServerBuild>
  // The production build is one object: React Router derives its route table and matcher from it once.
  // Given a function (the dev server's build, which changes as files change), it derives them on every request.
  let productionBuild: ServerBuild | undefined
  let closeVite: (() => Promise<void>) | undefined
  if (dev) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
    viteMiddleware = vite.middlewares
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    closeVite = () => vite.close()
  } else {
    const buildPath = path.join(buildDir, 'server/index.js')
    const build = (await import(buildPath)) as ServerBuild
    productionBuild = build
    getBuild = async () => build
    const clientDir = path.relative(root, path.join(buildDir, 'client'))
    // The client build is answered from memory (static-files.ts) before Hono. What reaches here of it
    // is a range of a file (a video being sought): read from the file itself, as asked.
    const serveRange = serveStatic({
      root: clientDir,
      onFound: (filePath, c) => c.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate'),
    })
    app.use('*', (c, next) => (c.req.header('range') && staticFiles?.has(c.req.path) ? serveRange(c, next) : next()))
  }

  const handleRequest = productionBuild ? createRequestHandler(productionBuild, 'production') : createRequestHandler(getBuild, 'development')
  const productionNonceContext = (productionBuild?.entry.module as { nonceContext?: RouterContext<string> } | undefined)?.nonceContext
  // Guests' pages rendered once per second at most under load (guest-page-cache.ts); not under the dev server.
  const guestPages = productionBuild ? createGuestPageCache({ ttlMs: 1000, maxEntries: 64 }) : undefined
  app.all('*', async (c) => {
    const nonce = c.get('cspNonce')
    // A portal page's document is a guest's whoever asks (portal-documents.ts): its data comes apart.
    const request = isPortalDocument(c.req.raw) ? asGuestRequest(c.req.raw) : c.req.raw
    const cacheable = guestPages !== undefined && nonce !== undefined && guestPages.accepts(request)
    return cacheable ? guestPages.serve(c.req.path, nonce, (n) => renderPage(request, n)) : renderPage(request, nonce)
  })
  const renderPage = async (request: Request, nonce: string | undefined) => {
    // The page's Content-Security-Policy nonce, for the scripts React Router and React write.
    const context = new RouterContextProvider()
    const nonceContext = productionBuild ? productionNonceContext : ((await getBuild()).entry.module as { nonceContext?: RouterContext<string> }).nonceContext
    if (nonceContext && nonce) context.set(nonceContext, nonce)
    return handleRequest(request, context)
  }
  app.onError((error, c) => {
    log.error({ err: error, path: c.req.path }, 'unhandled request error')
    return c.text('Internal Server Error', 500)
  })

  const honoListener = getRequestListener(app.fetch)
  const headers = securityHeaders({ publicUrl: env.publicUrl })
  const server = createServer((req, res) => {
    // Every answer, whoever writes it (Hono, tus, a refusal), starts with these.
    for (const [name, value] of headers) res.setHeader(name, value)
    // While shutting down, a kept-alive connection is closed after its answer, so a client opens its
    // next request elsewhere (through the load balancer) instead of meeting a closed socket.
    if (ctx.lifecycle.draining) res.setHeader('Connection', 'close')
    // The client build from memory (public, read-only: no cookie, origin or address matters to it);
    // anything else (pages rendered per request, the API, uploads) through the plugins and Hono.
    if (staticFiles?.handle(req, res)) return
    for (const plugin of plugins) if (plugin.node?.(req, res, ctx)) return
    if (viteMiddleware) viteMiddleware(req, res, () => honoListener(req, res))
    else honoListener(req, res)
  })
  const connections = trackConnections(server)
  server.on('upgrade', (req, socket, head) => {
    for (const plugin of plugins) if (plugin.upgrade?.(req, socket, head, ctx)) return
    socket.destroy()
  })

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(env.PORT, env.HOST, () => resolve())
    })
  } catch (error) {
    // e.g. the port is taken: leave nothing running behind (the embedded PostgreSQL above all).
    for (const plugin of [...plugins].reverse()) await Promise.resolve(plugin.stop?.(ctx)).catch(() => {})
    await closeVite?.()
    await notifications.close().catch(() => {})
    await events.close().catch(() => {})
    if (redis) await closeRedisClient(redis)
    await database.close().catch(() => {})
    setAppContext(undefined)
    throw error
  }
  const { port } = server.address() as AddressInfo
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  const url = `http://${host}:${port}`

  let closing: Promise<void> | undefined
  const close = ({ drainDelayMs = 0 }: CloseOptions = {}) =>
    (closing ??= (async () => {
      // 1. Not ready: /readyz answers 503 and new uploads are refused, while requests are still served.
      ctx.lifecycle.draining = true
      if (drainDelayMs > 0) {
        log.info({ delayMs: drainDelayMs }, 'not ready: waiting for the load balancer to stop sending requests')
        await new Promise((resolve) => setTimeout(resolve, drainDelayMs))
      }
      // 2. Stop accepting; 3. finish what was accepted (up to SHUTDOWN_GRACE_SECONDS); then stop features
      // and the database.
      const stoppedListeningAt = Date.now()
      const stopped = connections.stopListening()
      // A kept-alive connection becomes idle when its last answer is sent: close each one then. One
      // accepted just before the listener closed gets a moment to send its request first.
      const closeUnused = () => connections.closeUnused(stoppedListeningAt)
      closeUnused()
      const idleSweep = setInterval(closeUnused, 100)
      for (const plugin of plugins) {
        try {
          await plugin.drain?.(ctx)
        } catch (error) {
          log.error({ err: error, plugin: plugin.name }, 'plugin failed to drain')
        }
      }
      const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000
      const timer = setTimeout(() => {
        log.warn({ graceMs }, 'shutdown grace period over: closing the connections still open')
        server.closeAllConnections()
      }, graceMs)
      await stopped
      // Now that no connection is left, the HTTP server's own close() only ends its timeout checks.
      server.close()
      clearTimeout(timer)
      clearInterval(idleSweep)
      for (const plugin of [...plugins].reverse()) {
        try {
          await plugin.stop?.(ctx)
        } catch (error) {
          log.error({ err: error, plugin: plugin.name }, 'plugin failed to stop')
        }
      }
      await closeVite?.()
      await notifications.close()
      await ctx.events.close()
      if (redis) await closeRedisClient(redis)
      await database.close()
      setAppContext(undefined)
    })())

  return { ctx, http: server, url, close }
}
