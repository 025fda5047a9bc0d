import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/open-database'
import { createLogger } from '../../../server/core/logger'
import { defineDataLayerTests } from './support/data-layer-suite'
import { testContextForSuite } from './support/test-context'

describe('data layer on the embedded PostgreSQL', () => {
  const t = testContextForSuite()

  defineDataLayerTests(() => t.ctx)

  it('runs PostgreSQL 18 and applies the migrations only once', async () => {
    const version = await t.ctx.database.pool.query<{ server_version: string }>('SHOW server_version')
    expect(version.rows[0]!.server_version).toMatch(/^18\./)
    const before = await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
    // A second opening of the same database (another instance starting) finds nothing left to do.
    const connectionString = t.ctx.database.pool.options.connectionString!
    const second = await openDatabase({ databaseUrl: connectionString, dataDir: t.ctx.env.dataDir, log: createLogger('silent') })
    await second.close()
    const after = await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
    expect(after.rows[0].n).toBe(before.rows[0].n)
    expect(before.rows[0].n).toBeGreaterThan(0)
  })
})
