import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RedisClient } from '../../server/events/create-redis-client'
import { consumeRateLimit } from '../../server/rate-limit/consume-rate-limit'
import { defineRateLimitTests } from '../integration/platform/support/rate-limit-suite'
import { SYSTEM_REDIS_URL } from '../integration/platform/support/scratch-database'
import { testContextForSuite } from '../integration/platform/support/test-context'

describe('consumeRateLimit on the system PostgreSQL', () => {
  testContextForSuite({ scratchDatabase: true })

  defineRateLimitTests()
})

describe('consumeRateLimit on Redis', () => {
  const t = testContextForSuite({ scratchDatabase: true, redisUrl: SYSTEM_REDIS_URL })

  defineRateLimitTests()

  it('keeps its counters in Redis with an expiry, not in PostgreSQL', async () => {
    const key = `test:${randomUUID()}`
    await consumeRateLimit({ key, limit: 5, windowMs: 60_000 })
    const redis = t.ctx.services.redis as RedisClient
    expect(await redis.get(`rl:${key}`)).toBe('1')
    const ttl = await redis.pttl(`rl:${key}`)
    expect(ttl).toBeGreaterThan(55_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
    const rows = await t.ctx.database.pool.query('SELECT 1 FROM rate_limit WHERE key = $1', [key])
    expect(rows.rowCount).toBe(0)
    await redis.del(`rl:${key}`)
  })
})
