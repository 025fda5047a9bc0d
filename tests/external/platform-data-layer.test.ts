import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/open-database'
import { createLogger } from '../../server/core/logger'
import { defineDataLayerTests } from '../integration/platform/support/data-layer-suite'
import { testContextForSuite } from '../integration/platform/support/test-context'

describe('data layer on the system PostgreSQL (DATABASE_URL)', () => {
  const t = testContextForSuite({ scratchDatabase: true })

  defineDataLayerTests(() => t.ctx)

  it('uses that server, not an embedded one', () => {
    expect(t.ctx.database.kind).toBe('external')
  })

  it('lets several instances start at once: the migrations run once', async () => {
    const log = createLogger('silent')
    const opened = await Promise.all(Array.from({ length: 3 }, () => openDatabase({ databaseUrl: t.scratch.url, dataDir: t.ctx.env.dataDir, log })))
    await Promise.all(opened.map((d) => d.close()))
    const { rows } = await t.ctx.database.pool.query('SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash HAVING count(*) > 1')
    expect(rows).toEqual([])
  })

  it('has closed every connection when close() returns: dropping the database right after cuts none', async () => {
    const log = createLogger('silent')
    const name = new URL(t.scratch.url).pathname.slice(1)
    // Connected before, as the suites' tear-down is: its question follows close() at once.
    const admin = new pg.Client({ connectionString: t.scratch.url })
    await admin.connect()
    try {
      const stillOpen: number[] = []
      for (let round = 0; round < 5; round++) {
        const database = await openDatabase({ databaseUrl: t.scratch.url, dataDir: t.ctx.env.dataDir, log, migrate: false })
        // Several connections in the pool, idle when it closes.
        await Promise.all(Array.from({ length: 4 }, () => database.pool.query('SELECT pg_sleep(0.01)')))
        const others = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])
        await database.close()
        const after = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])
        stillOpen.push(after.rows[0]!.n - (others.rows[0]!.n - 4))
      }
      expect(stillOpen).toEqual([0, 0, 0, 0, 0])
    } finally {
      await admin.end()
    }
  })
})
