import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { ClosingPool } from '../../../../server/db/closing-pool'

/** The system PostgreSQL the external suites use (CI service, trust auth). */
const SYSTEM_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const SYSTEM_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export interface ScratchDatabase {
  url: string
  /** A pool on this database for the test itself, closed (every connection of it) by drop(). */
  pool(): pg.Pool
  drop(): Promise<void>
}

/**
 * A fresh database on the system PostgreSQL for one suite, dropped at the end. The drop forces out
 * whatever is still connected, so the test's own pools are closed first, each connection to its end:
 * a connection still closing when the drop terminates it reports "terminating connection" as an error
 * the test never asked for.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: SYSTEM_POSTGRES_URL })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(SYSTEM_POSTGRES_URL)
  url.pathname = `/${name}`
  const pools: ClosingPool[] = []
  return {
    url: url.toString(),
    pool() {
      const pool = new ClosingPool({ connectionString: url.toString() })
      pools.push(pool)
      return pool
    },
    async drop() {
      await Promise.all(pools.splice(0).map((pool) => (pool.ending ? undefined : pool.end())))
      const client = new pg.Client({ connectionString: SYSTEM_POSTGRES_URL })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
