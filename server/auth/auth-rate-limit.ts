import { sql } from 'drizzle-orm'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/auth-schema'
import { getAppContext } from '../context'
import type { RedisClient } from '../events/create-redis-client'
import { consumeRateLimit } from '../rate-limit/consume-rate-limit'

/**
 * Limits on sign-in attempts and code requests, per account and per IP, in the shared counters of
 * server/rate-limit (PostgreSQL, or Redis when REDIS_URL is set), so they hold across restarts and
 * instances. Wrong attempts are what is limited: three wrong passwords or codes for one account
 * within five minutes, and the fourth attempt is answered 429 before the password is even checked.
 */
export const authLimits = {
  failuresPerAccount: { limit: 3, windowMs: 5 * 60_000 },
  failuresPerIp: { limit: 20, windowMs: 15 * 60_000 },
  codesPerAccount: { limit: 5, windowMs: 10 * 60_000 },
  codesPerIp: { limit: 100, windowMs: 10 * 60_000 },
} as const

/** Endpoints where a wrong password or code counts as a failure. */
export const attemptPaths = new Set([
  '/sign-in/email',
  '/email-otp/verify-email',
  '/email-otp/reset-password',
  '/email-otp/check-verification-otp',
  '/change-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
])
/** Endpoints that send a code by mail. */
export const codePaths = new Set(['/sign-up/email', '/email-otp/send-verification-otp', '/forget-password/email-otp', '/email-otp/request-password-reset', '/email-otp/request-email-change'])

/** The hits counted so far in a key's current window, without counting one. */
async function peekHits(key: string): Promise<number> {
  const ctx = getAppContext()
  const redis = ctx.services.redis as RedisClient | undefined
  if (redis) return Number((await redis.get(`rl:${key}`)) ?? 0)
  const result = await ctx.db.execute<{ hits: number }>(
    sql`SELECT hits FROM rate_limit WHERE key = ${key} AND window_start + window_ms * interval '1 millisecond' > now()`,
  )
  return Number(result.rows[0]?.hits ?? 0)
}

const failureKeys = (email: string | null, ip: string) => [
  ...(email ? [{ key: `auth-fail:acct:${email}`, ...authLimits.failuresPerAccount }] : []),
  { key: `auth-fail:ip:${ip}`, ...authLimits.failuresPerIp },
]

/** True when the account or the IP has used up its wrong attempts. */
export async function isAttemptBlocked(email: string | null, ip: string): Promise<boolean> {
  for (const { key, limit } of failureKeys(email, ip)) if ((await peekHits(key)) >= limit) return true
  return false
}

export async function recordFailedAttempt(email: string | null, ip: string): Promise<void> {
  for (const rule of failureKeys(email, ip)) await consumeRateLimit(rule)
}

/** Counts one code request; false when the account or IP asked too often. */
export async function consumeCodeRequest(email: string | null, ip: string): Promise<boolean> {
  const results = [
    ...(email ? [await consumeRateLimit({ key: `auth-code:acct:${email}`, ...authLimits.codesPerAccount })] : []),
    await consumeRateLimit({ key: `auth-code:ip:${ip}`, ...authLimits.codesPerIp }),
  ]
  return results.every((r) => r.allowed)
}

export function tooManyAttemptsResponse(): Response {
  return new Response(JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS_MESSAGE }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '60', 'cache-control': 'no-store' },
  })
}
