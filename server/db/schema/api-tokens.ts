import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * Per-user API tokens for scripts (Authorization: Bearer <token>). Only a SHA-256 of the token is
 * stored: the token is high-entropy random, so a slow hash adds nothing and a fast one keeps lookups cheap.
 */
export const apiTokens = pgTable(
  'api_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Made from a session signed in with a second factor: only such a token carries an admin's rights. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('api_token_user_idx').on(t.userId)],
)
