import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { consumeRateLimit } from '../../../server/rate-limit/consume-rate-limit'
import { defineRateLimitTests } from './support/rate-limit-suite'
import { testContextForSuite } from './support/test-context'

describe('consumeRateLimit on the embedded PostgreSQL', () => {
  const t = testContextForSuite()

  defineRateLimitTests()

  it('keeps its counters in the database, so a restart does not reset them', async () => {
    const key = `test:${randomUUID()}`
    await consumeRateLimit({ key, limit: 2, windowMs: 60_000 })
    await consumeRateLimit({ key, limit: 2, windowMs: 60_000 })
    const rows = await t.ctx.database.pool.query('SELECT hits FROM rate_limit WHERE key = $1', [key])
    expect(rows.rows).toEqual([{ hits: 2 }])
  })
})
