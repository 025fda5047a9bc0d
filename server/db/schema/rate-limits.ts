import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { moment } from './columns'

/**
 * Shared rate-limit counters (server/rate-limit/consume-rate-limit.ts) when Redis is not configured:
 * one row per key, a fixed window that starts at the first hit, so limits hold across restarts and instances.
 */
export const rateLimits = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  windowStart: moment('window_start').notNull(),
  windowMs: bigint('window_ms', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
})
