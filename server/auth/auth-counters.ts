import { sql } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'

/**
 * Fixed-window counters for the auth limits, in the rate_limit table of PostgreSQL whether or not
 * REDIS_URL is set: sign-in needs the database anyway, and the limits then hold while Redis is down.
 * Keys start with `auth:`; the window starts at a key's first counted hit.
 */
export interface WindowRule {
  key: string
  /** Hits allowed per window; null counts without a limit. */
  limit: number | null
  windowMs: number
}

export interface TakeResult {
  allowed: boolean
  /** Hits counted in the window, this one included (when allowed). */
  hits: number
  /** When refused: seconds until the window ends. */
  retryAfterSeconds: number
}

/**
 * Counts one hit when the window has room, in one atomic statement (concurrent callers serialise on the
 * row): of N simultaneous callers at most `limit` are allowed. A refused hit is not counted.
 */
export async function takeFromWindow({ key, limit, windowMs }: WindowRule): Promise<TakeResult> {
  const { db } = getAppContext()
  const expired = sql`r.window_start + r.window_ms * interval '1 millisecond' <= now()`
  const room = limit === null ? sql`true` : sql`r.hits < ${limit}`
  const taken = await db.execute<{ hits: number }>(sql`
    INSERT INTO rate_limit AS r (key, window_start, window_ms, hits)
    VALUES (${key}, now(), ${windowMs}, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${expired} THEN 1 ELSE r.hits + 1 END,
      window_start = CASE WHEN ${expired} THEN now() ELSE r.window_start END,
      window_ms = CASE WHEN ${expired} THEN EXCLUDED.window_ms ELSE r.window_ms END
    WHERE ${expired} OR ${room}
    RETURNING hits`)
  const row = taken.rows[0]
  if (row) return { allowed: true, hits: Number(row.hits), retryAfterSeconds: 0 }
  const left = await db.execute<{ hits: number; reset_in_ms: string }>(sql`
    SELECT hits, ceil(extract(epoch FROM (window_start + window_ms * interval '1 millisecond' - now())) * 1000) AS reset_in_ms
    FROM rate_limit WHERE key = ${key}`)
  const resetInMs = Number(left.rows[0]?.reset_in_ms ?? 1000)
  return { allowed: false, hits: Number(left.rows[0]?.hits ?? limit ?? 0), retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) }
}

/** Gives back a hit that turned out not to count (the password was right, or never checked). */
export async function giveBackToWindow(key: string): Promise<void> {
  const { db } = getAppContext()
  await db.execute(sql`UPDATE rate_limit SET hits = greatest(hits - 1, 0) WHERE key = ${key}`)
}

/** Forgets a key (its next hit starts a new window). */
export async function clearWindow(key: string): Promise<void> {
  const { db } = getAppContext()
  await db.execute(sql`DELETE FROM rate_limit WHERE key = ${key}`)
}
