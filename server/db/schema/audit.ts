import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

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
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt), index('audit_log_created_idx').on(t.createdAt)],
)
