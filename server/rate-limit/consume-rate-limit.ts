import { sql } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'
import { isRedisReady, type RedisClient } from '../events/create-redis-client'

export interface ConsumeRateLimitOptions {
  /** What is limited and for whom, e.g. `contact:ip:203.0.113.7` or `chat:user:<id>`. One window length per key. */
  key: string
  /** Hits allowed per window. */
  limit: number
  windowMs: number
}

export interface RateLimitResult {
  allowed: boolean
  /** Hits left in the current window (0 once refused). */
  remaining: number
  /** When refused, seconds until the window resets (for a Retry-After header); 0 when allowed. */
  retryAfterSeconds: number
}

/**
 * Counts one hit against `key` and says whether it is within `limit` per `windowMs`.
 *
 * A fixed window that starts at the key's first hit. The counters live in Redis when REDIS_URL is set
 * (shared by every instance), otherwise in PostgreSQL (table rate_limit): both survive a restart.
 * A refused hit still counts, so hammering does not shorten the wait.
 *
 * While Redis is unreachable the hit is counted in PostgreSQL instead (shared by every instance too),
 * so a limit keeps holding and the request does not wait for Redis: a Redis command that fails or
 * gets no answer within REDIS_COMMAND_TIMEOUT_MS falls back at once.
 */
export async function consumeRateLimit({ key, limit, windowMs }: ConsumeRateLimitOptions): Promise<RateLimitResult> {
  if (!Number.isInteger(limit) || limit < 0) throw new Error('consumeRateLimit: limit must be a non-negative integer')
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error('consumeRateLimit: windowMs must be a positive integer')
  const ctx = getAppContext()
  const redis = ctx.services.redis as RedisClient | undefined
  let counted: { hits: number; resetInMs: number } | undefined
  if (isRedisReady(redis)) counted = await hitInRedis(redis, key, windowMs).catch(() => undefined)
  const { hits, resetInMs } = counted ?? (await hitInPostgres(key, windowMs))
  const allowed = hits <= limit
  return {
    allowed,
    remaining: Math.max(0, limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(resetInMs / 1000)),
  }
}

// INCR and the first PEXPIRE in one script, so a key can never be left without an expiry.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`

async function hitInRedis(redis: RedisClient, key: string, windowMs: number) {
  const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, `rl:${key}`, String(windowMs))) as [number, number]
  return { hits: Number(hits), resetInMs: Number(ttl) }
}

async function hitInPostgres(key: string, windowMs: number) {
  const { db } = getAppContext()
  // One atomic upsert: concurrent hits on the same key serialise on the row, on every instance.
  // The database clock decides, so instances with drifting clocks agree on the window (now() is fixed
  // for the statement, so the three CASEs agree).
  const result = await db.execute<{ hits: number; reset_in_ms: string }>(sql`
    INSERT INTO rate_limit AS r (key, window_start, window_ms, hits)
    VALUES (${key}, now(), ${windowMs}, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_start + r.window_ms * interval '1 millisecond' <= now() THEN 1 ELSE r.hits + 1 END,
      window_start = CASE WHEN r.window_start + r.window_ms * interval '1 millisecond' <= now() THEN now() ELSE r.window_start END,
      window_ms = CASE WHEN r.window_start + r.window_ms * interval '1 millisecond' <= now() THEN EXCLUDED.window_ms ELSE r.window_ms END
    RETURNING hits, ceil(extract(epoch FROM (window_start + window_ms * interval '1 millisecond' - now())) * 1000) AS reset_in_ms`)
  const row = result.rows[0]!
  // Expired rows are only dead weight: sweep them now and then instead of running a timer on every instance.
  if (Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM rate_limit WHERE window_start + window_ms * interval '1 millisecond' < now() - interval '1 minute'`).catch(() => {})
  }
  return { hits: Number(row.hits), resetInMs: Number(row.reset_in_ms) }
}
