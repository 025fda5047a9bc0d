import cluster, { type Worker } from 'node:cluster'
import path from 'node:path'
import { loadAuthSecret } from '../auth/auth-secret'
import { openDatabase, type OpenDatabase } from '../db/open-database'
import type { Env } from '../core/env'
import type { Logger } from '../core/logger'
import { startDatabaseKeeper, type DatabaseKeeper } from './start-database-keeper'

/** Set by the primary for its workers: the embedded PostgreSQL it started, shared by all of them. */
export const SHARED_DATABASE_URL_VARIABLE = 'MESHWORK_SHARED_DATABASE_URL'

/** A worker tells its primary it listens. */
export interface WorkerReady {
  type: 'ready'
  url: string
}

/** Workers that die this often within a minute are not started again: the server stops instead. */
const MAX_RESTARTS_PER_MINUTE = 5

/**
 * The primary of a server of WEB_CONCURRENCY processes. It starts the embedded PostgreSQL once (under
 * DATA_DIR's lock, migrated) and makes sure the session secret exists, then starts the workers, which
 * share the port and the database. It serves nothing itself. A worker that dies is replaced; on SIGTERM
 * or SIGINT every worker shuts down as a single server would (readiness delay, grace), then the
 * database stops.
 *
 * The workers accept connections from the listening socket themselves (SCHED_NONE), rather than the
 * primary accepting each and handing it over (Node's default on Linux): a connection handed to a
 * worker at the instant it died was never closed and hung until its client gave up, while a
 * connection still waiting in a shared socket's queue is taken by a living worker. A killed worker
 * takes with it only the connections it had accepted.
 *
 * With the embedded PostgreSQL, a keeper process (run-database-keeper.ts) shares DATA_DIR's lock: if
 * this primary dies, its workers shut down as on SIGTERM and the keeper stops the database after them.
 */
export async function runPrimary(env: Env, log: Logger, serverEntry: string): Promise<void> {
  cluster.schedulingPolicy = cluster.SCHED_NONE
  let database: OpenDatabase | undefined
  let keeper: DatabaseKeeper | undefined
  if (!env.DATABASE_URL) {
    database = await openDatabase({ dataDir: env.dataDir, log })
    keeper = await startDatabaseKeeper(log, serverEntry)
    await database.lock!.keptBy(keeper.pid)
    keeper.send({
      type: 'watch',
      clusterDir: path.join(env.dataDir, 'postgres'),
      lockFile: database.lock!.file,
      lockContent: database.lock!.content(),
      workersStopWithinMs: (env.SHUTDOWN_DELAY_SECONDS + env.SHUTDOWN_GRACE_SECONDS + 10) * 1000,
    })
  }
  if (!env.AUTH_SECRET) loadAuthSecret(undefined, env.dataDir)

  const workerEnv = database ? { [SHARED_DATABASE_URL_VARIABLE]: database.connectionString } : {}
  const ready = new Set<number>()
  const restarts: number[] = []
  let stopping: string | undefined
  let announced = false

  const fork = () => {
    const worker = cluster.fork(workerEnv)
    keeper?.send({ type: 'worker', pid: worker.process.pid! })
    worker.on('message', (message: WorkerReady) => {
      if (message?.type !== 'ready') return
      ready.add(worker.id)
      if (announced) log.info({ worker: worker.process.pid }, 'a replacement server process is ready')
      if (!announced && ready.size === env.WEB_CONCURRENCY) {
        announced = true
        const where = env.PUBLIC_URL ? `${message.url} (public URL ${env.publicUrl})` : message.url
        log.info({ url: message.url, processes: env.WEB_CONCURRENCY, database: database ? 'embedded' : 'external', dataDir: env.dataDir }, `Site ready at ${where}`)
      }
    })
    return worker
  }
  const allExited = new Promise<void>((resolve) => {
    cluster.on('exit', (worker: Worker, code, signal) => {
      ready.delete(worker.id)
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve()
        return
      }
      const now = Date.now()
      restarts.push(now)
      while (restarts[0]! < now - 60_000) restarts.shift()
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        log.fatal({ code, signal }, 'workers keep dying: stopping the server')
        void shutdown('SIGTERM', 1)
        return
      }
      log.error({ worker: worker.process.pid, code, signal }, 'a server process died: starting another')
      fork()
    })
  })

  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return
    stopping = signal
    log.info({ signal }, 'shutting down')
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w)
    // A terminal's Ctrl-C reaches the workers itself (same process group); a supervisor's SIGTERM
    // reaches only this process, which passes it on.
    for (const worker of workers) if (signal === 'SIGTERM') worker.process.kill('SIGTERM')
    if (workers.length) {
      const limitMs = (env.SHUTDOWN_DELAY_SECONDS + env.SHUTDOWN_GRACE_SECONDS + 10) * 1000
      const timer = setTimeout(() => {
        log.warn('server processes did not stop in time: killing them')
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      }, limitMs)
      await allExited
      clearTimeout(timer)
    }
    await database?.close().catch((error: unknown) => log.error({ err: error }, 'the database did not stop cleanly'))
    log.info('stopped')
    process.exit(exitCode)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork()
}
