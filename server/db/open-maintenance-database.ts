import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import type { Env } from '../core/env'
import { DataDirInUseError, findDataDirHolder, lockDataDir, type DataDirRole } from './data-dir-lock'
import { EMBEDDED_DATABASE_NAME, startEmbeddedPostgres } from './embedded-postgres'

export interface MaintenanceDatabase {
  kind: 'embedded' | 'external'
  connectionString: string
  /** The database in words, without its password. */
  description: string
  /** Leaves a running server's database running; stops one started here and releases DATA_DIR. */
  close(): Promise<void>
}

export interface OpenMaintenanceDatabaseOptions {
  env: Env
  log: Logger
  role: Exclude<DataDirRole, 'server'>
  /** With the embedded database: use a running server's instance ('share'), or refuse while one runs. */
  whileServerRuns: 'share' | 'refuse'
  /** Said after "DATA_DIR ... is in use by ..." when the command cannot go on. */
  advice: string
  /** Refuse a DATA_DIR with no embedded database yet (nothing to read from it). */
  mustExist?: boolean
}

/**
 * The database a command-line tool works on: DATABASE_URL; or DATA_DIR's embedded PostgreSQL, as the
 * running server's instance (which is never stopped from here) or, when no server runs, started here
 * for the duration of the command under DATA_DIR's lock, so no server starts on it meanwhile.
 */
export async function openMaintenanceDatabase(options: OpenMaintenanceDatabaseOptions): Promise<MaintenanceDatabase> {
  const { env } = options
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL)
    return {
      kind: 'external',
      connectionString: env.DATABASE_URL,
      description: `the PostgreSQL database ${url.pathname.slice(1)} at ${url.hostname}:${url.port || 5432}`,
      close: async () => {},
    }
  }
  const dataDir = env.dataDir
  const holder = findDataDirHolder(dataDir)
  if (holder) {
    if (holder.role !== 'server' || options.whileServerRuns === 'refuse') throw new DataDirInUseError(dataDir, holder, options.advice)
    return {
      kind: 'embedded',
      connectionString: runningServerConnectionString(dataDir),
      description: `the embedded PostgreSQL of the running server (pid ${holder.pid}) in ${dataDir}`,
      close: async () => {},
    }
  }
  if (options.mustExist && !existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(`DATA_DIR ${dataDir} holds no database yet: there is nothing to back up. (Set DATA_DIR, or DATABASE_URL, to the site's.)`)
  }
  const lock = await lockDataDir(dataDir, options.role, options.advice)
  try {
    const embedded = await startEmbeddedPostgres(dataDir, options.log)
    return {
      kind: 'embedded',
      connectionString: embedded.connectionString,
      description: `the embedded PostgreSQL in ${dataDir}`,
      async close() {
        try {
          await embedded.stop()
        } finally {
          await lock.release()
        }
      },
    }
  } catch (error) {
    await lock.release()
    throw error
  }
}

/** The port and password the server's embedded PostgreSQL was started with (DATA_DIR/postgres.json). */
function runningServerConnectionString(dataDir: string) {
  const { port, password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`
}
