import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Logger } from 'pino'
import { startEmbeddedPostgres } from './embedded-postgres'
import * as schema from './schema'

export type Database = NodePgDatabase<typeof schema>
export type { schema }

export interface OpenDatabase {
  db: Database
  pool: pg.Pool
  /** 'embedded' or 'external' */
  kind: 'embedded' | 'external'
  close(): Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** One code path for both: the embedded PostgreSQL when DATABASE_URL is unset, that server otherwise. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; log: Logger; migrate?: boolean }): Promise<OpenDatabase> {
  const embedded = options.databaseUrl ? undefined : await startEmbeddedPostgres(options.dataDir, options.log)
  const connectionString = options.databaseUrl ?? embedded!.connectionString
  const pool = new pg.Pool({ connectionString, max: 20, idleTimeoutMillis: 30_000 })
  pool.on('error', (error: Error & { code?: string }) => {
    // 57P01: the server is shutting down. Ctrl-C in a terminal signals the embedded PostgreSQL too
    // (same process group), so during our own shutdown this is expected, not an error.
    if (error.code === '57P01') options.log.warn('the database server closed an idle connection (it is shutting down)')
    else options.log.error({ err: error }, 'idle database client error')
  })
  const db = drizzle(pool, { schema })
  try {
    if (options.migrate !== false) await runMigrations(pool, db)
  } catch (error) {
    await pool.end().catch(() => {})
    await embedded?.stop().catch(() => {})
    throw error
  }
  return {
    db,
    pool,
    kind: embedded ? 'embedded' : 'external',
    async close() {
      await pool.end()
      await embedded?.stop()
    },
  }
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
