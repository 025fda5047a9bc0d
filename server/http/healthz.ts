import { sql } from 'drizzle-orm'
import type { AppContext } from '../context/app-context'

export interface HealthReport {
  status: 'ok' | 'degraded'
  /** Why the status is degraded, in plain words (empty when ok). */
  reasons: string[]
  database: { reachable: boolean; version: string | null; kind: 'embedded' | 'external'; latencyMs: number | null; error?: string }
  website: { up: true; uptimeSeconds: number }
  assistant: { up: boolean; engine: string }
  portal: { up: boolean }
  /**
   * The event bus; with Redis, `up` is false while its connection is down: rate limits are then counted
   * in PostgreSQL and chat subscribers read stored stream parts, until it is back.
   */
  realtime: { kind: string; up?: boolean }
}

/** The database's state, answered within 2 s. */
export async function checkDatabase(ctx: AppContext): Promise<HealthReport['database']> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    const result = await Promise.race([
      ctx.db.execute<{ version: string }>(sql`select current_setting('server_version') as version`),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out after 2 s')), 2000))),
    ])
    return { reachable: true, version: `PostgreSQL ${result.rows[0]?.version}`, kind: ctx.database.kind, latencyMs: Math.round(performance.now() - started) }
  } catch (error) {
    return { reachable: false, version: null, kind: ctx.database.kind, latencyMs: null, error: (error as Error).message }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Used by the System Status panel and by monitoring (503 when the database is unreachable). Guests get
 * guestHealthReport(): the panel reads only the up/reachable flags.
 */
export async function checkHealth(ctx: AppContext): Promise<HealthReport> {
  const database = await checkDatabase(ctx)
  const engine = ctx.env.LLM_PROVIDER ?? 'site-knowledge'
  const redis = ctx.services.redis as { status?: string } | undefined
  const realtimeUp = (!redis || redis.status === 'ready') && ctx.events.isLive()
  const reasons: string[] = []
  if (!database.reachable) reasons.push('The database cannot be reached.')
  if (!realtimeUp && redis) reasons.push('Redis cannot be reached: rate limits are counted in PostgreSQL and chat answers are read from the database until it is back.')
  else if (!realtimeUp && database.reachable) reasons.push('The connection that hears database notifications is down: chat answers are read from the database until it is back.')
  return {
    status: reasons.length === 0 ? 'ok' : 'degraded',
    reasons,
    database,
    website: { up: true, uptimeSeconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000) },
    assistant: { up: true, engine },
    portal: { up: database.reachable },
    realtime: { kind: ctx.events.kind, up: realtimeUp },
  }
}

/** What a guest sees: the same states, without the database's version or error message. */
export type GuestHealthReport = Omit<HealthReport, 'database'> & { database: Omit<HealthReport['database'], 'version' | 'error'> }

export function guestHealthReport(report: HealthReport): GuestHealthReport {
  const { version: _version, error: _error, ...database } = report.database
  return { ...report, database }
}
