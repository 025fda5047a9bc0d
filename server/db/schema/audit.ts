import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Who acted for whom, what and when: every admin action on a client's data is recorded here. Rows are
 * only ever added: a trigger refuses to change or delete one.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').notNull(),
    subjectUserId: text('subject_user_id'),
    action: text('action').notNull(),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt), index('audit_log_created_idx').on(t.createdAt)],
)
