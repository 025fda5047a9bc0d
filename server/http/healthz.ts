import { sql } from 'drizzle-orm'
import type { AppContext } from '../context'

export interface HealthReport {
  status: 'ok' | 'degraded'
  database: { reachable: boolean; version: string | null; kind: 'embedded' | 'external'; latencyMs: number | null; error?: string }
  website: { up: true; uptimeSeconds: number }
  assistant: { up: boolean; engine: string }
  portal: { up: boolean }
  /** The event bus; with Redis, `up` is false while its connection is down (rate limits then fail too). */
  realtime: { kind: string; up?: boolean }
}

/** Used by load balancers (503 when the database is unreachable) and by the System Status panel. */
export async function checkHealth(ctx: AppContext): Promise<HealthReport> {
  const started = performance.now()
  let database: HealthReport['database']
  try {
    const result = await Promise.race([
      ctx.db.execute<{ version: string }>(sql`select current_setting('server_version') as version`),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000)),
    ])
    database = { reachable: true, version: `PostgreSQL ${result.rows[0]?.version}`, kind: ctx.database.kind, latencyMs: Math.round(performance.now() - started) }
  } catch (error) {
    database = { reachable: false, version: null, kind: ctx.database.kind, latencyMs: null, error: (error as Error).message }
  }
  const engine = ctx.env.LLM_PROVIDER ?? 'site-knowledge'
  const redis = ctx.services.redis as { status?: string } | undefined
  const realtimeUp = !redis || redis.status === 'ready'
  return {
    status: database.reachable && realtimeUp ? 'ok' : 'degraded',
    database,
    website: { up: true, uptimeSeconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000) },
    assistant: { up: true, engine },
    portal: { up: database.reachable },
    realtime: { kind: ctx.events.kind, up: realtimeUp },
  }
}
