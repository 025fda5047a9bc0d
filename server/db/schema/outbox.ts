import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { moment, createdAt } from './columns'

/**
 * Notifications and mail leave through this table: a row is committed with the business change,
 * and the outbox worker delivers it with retries (nothing is lost when a receiver is down).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which transport delivers it: 'notification' (Discord/log) or 'mail'. */
    channel: text('channel').notNull(),
    /** What happened: 'contact', 'job-request', 'chat', 'activity', 'wallet-disconnect', 'verification-code', ... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lockedUntil: moment('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: moment('delivered_at'),
    /** Where it went: 'discord', 'log', 'smtp' or 'dev-mailbox' (the dev mailbox page lists the last). */
    transport: text('transport'),
    /**
     * Mails of one group (one recipient, one job) that are queued while an earlier one waits are
     * merged into it: one mail lists them all (server/outbox/enqueue-grouped-mail.ts). Null: sent alone.
     */
    groupKey: text('group_key'),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt), index('outbox_group_idx').on(t.groupKey, t.id).where(sql`${t.groupKey} IS NOT NULL`)],
)
