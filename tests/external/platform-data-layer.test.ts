import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/open-database'
import { createLogger } from '../../server/logger'
import { defineDataLayerTests } from '../integration/platform/support/data-layer-suite'
import { createScratchDatabase, type ScratchDatabase } from '../integration/platform/support/scratch-database'
import { openTestContext, type TestContext } from '../integration/platform/support/test-context'

describe('data layer on the system PostgreSQL (DATABASE_URL)', () => {
  let scratch: ScratchDatabase
  let t: TestContext
  beforeAll(async () => {
    scratch = await createScratchDatabase()
    t = await openTestContext({ databaseUrl: scratch.url })
  })
  afterAll(async () => {
    await t?.close()
    await scratch?.drop()
  })

  defineDataLayerTests(() => t.ctx)

  it('uses that server, not an embedded one', () => {
    expect(t.ctx.database.kind).toBe('external')
  })

  it('lets several instances start at once: the migrations run once', async () => {
    const log = createLogger('silent')
    const opened = await Promise.all(Array.from({ length: 3 }, () => openDatabase({ databaseUrl: scratch.url, dataDir: t.ctx.env.dataDir, log })))
    await Promise.all(opened.map((d) => d.close()))
    const { rows } = await t.ctx.database.pool.query('SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash HAVING count(*) > 1')
    expect(rows).toEqual([])
  })
})
