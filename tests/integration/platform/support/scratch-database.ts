import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The system PostgreSQL the external suites use (CI service, trust auth). */
const SYSTEM_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const SYSTEM_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/** A fresh database on the system PostgreSQL for one suite, dropped at the end. */
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
  return {
    url: url.toString(),
    async drop() {
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
