import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Logger } from 'pino'
import { ClosingPool } from './closing-pool'
import { logDatabaseError } from './database-unavailable'
import { lockDataDir, type DataDirLock, type DataDirRole } from './data-dir-lock'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres'
import * as schema from './schema'

export type Database = NodePgDatabase<typeof schema>
export type { schema }

export interface OpenDatabase {
  db: Database
  pool: pg.Pool
  /** 'embedded' or 'external' */
  kind: 'embedded' | 'external'
  /** How to reach it (the embedded one's local address and password included). */
  connectionString: string
  /** DATA_DIR's lock, held while the embedded PostgreSQL this process started runs. */
  lock?: DataDirLock
  close(): Promise<void>
}

/**
 * The SQL migrations, in drizzle-kit's layout (meta/_journal.json lists them in order), in the nearest
 * folder above this module that holds them: the same from the sources and from the server bundled
 * into the build directory.
 */
export const migrationsFolder = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)))

function findMigrationsFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'migrations'), path.join(dir, 'server/db/migrations')]) {
      if (existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate
    }
    if (path.dirname(dir) === dir) throw new Error(`No database migrations (server/db/migrations) above ${from}`)
  }
}

export interface OpenDatabaseOptions {
  databaseUrl?: string
  dataDir: string
  log: Logger
  migrate?: boolean
  /** Who owns DATA_DIR's embedded PostgreSQL while it is open (named to a second process that tries). */
  role?: DataDirRole
  /** What to do, said when another process owns DATA_DIR (a server's advice by default). */
  lockAdvice?: string
  /**
   * The embedded PostgreSQL another process of this server started (the primary of a multi-process
   * server, WEB_CONCURRENCY > 1): connect to it as it is, without taking DATA_DIR's lock or migrating.
   */
  sharedEmbeddedUrl?: string
  /** True once the process is stopping: a connection the database ends then is expected (debug only). */
  stopping?: () => boolean
}

/**
 * One code path for both: the embedded PostgreSQL when DATABASE_URL is unset, that server otherwise.
 * The embedded one is opened under DATA_DIR's lock, taken before anything in DATA_DIR is touched: a
 * second process on the same DATA_DIR stops with DataDirInUseError instead of stopping the first
 * one's PostgreSQL.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const stopping = options.stopping ?? (() => false)
  if (options.sharedEmbeddedUrl) return openShared(options.sharedEmbeddedUrl, options.log, stopping)
  const lock = options.databaseUrl ? undefined : await lockDataDir(options.dataDir, options.role ?? 'server', options.lockAdvice)
  let embedded: EmbeddedDatabase | undefined
  try {
    embedded = options.databaseUrl ? undefined : await startEmbeddedPostgres(options.dataDir, options.log)
  } catch (error) {
    await lock?.release()
    throw error
  }
  const connectionString = options.databaseUrl ?? embedded!.connectionString
  const { pool, db } = createPool(connectionString, options.log, stopping)
  try {
    if (options.migrate !== false) await runMigrations(pool, db)
  } catch (error) {
    await pool.end().catch(() => {})
    await embedded?.stop().catch(() => {})
    await lock?.release()
    throw error
  }
  return {
    db,
    pool,
    kind: embedded ? 'embedded' : 'external',
    connectionString,
    lock,
    async close() {
      try {
        await pool.end()
        await embedded?.stop()
      } finally {
        await lock?.release()
      }
    },
  }
}

function createPool(connectionString: string, log: Logger, stopping: () => boolean) {
  // Closed whole before the embedded PostgreSQL stops, so its shutdown meets no connection still closing.
  const pool = new ClosingPool({ connectionString, max: 20, idleTimeoutMillis: 30_000 })
  pool.on('error', (error: Error & { code?: string }) => {
    // The database shutting down: Ctrl-C in a terminal signals the embedded PostgreSQL too (same
    // process group), so during our own shutdown this is expected, not an error.
    logDatabaseError(log, error, stopping, 'the database server closed an idle connection', { level: 'error', message: 'idle database client error' })
  })
  return { pool, db: drizzle(pool, { schema }) }
}

function openShared(connectionString: string, log: Logger, stopping: () => boolean): OpenDatabase {
  const { pool, db } = createPool(connectionString, log, stopping)
  return { db, pool, kind: 'embedded', connectionString, close: () => pool.end() }
}

/** Several instances may start together: an advisory lock lets one migrate while the others wait. */
async function runMigrations(pool: pg.Pool, db: Database) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock(727274)')
    await migrate(db, { migrationsFolder })
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {})
    client.release()
  }
}
