import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core'
import { uuidId, moment, createdAt } from './columns'
import { userColumn } from './user-column'

/**
 * Per-user API tokens for scripts (Authorization: Bearer <token>). Only a SHA-256 of the token is
 * stored: the token is high-entropy random, so a slow hash adds nothing and a fast one keeps lookups cheap.
 */
export const apiTokens = pgTable(
  'api_token',
  {
    id: uuidId(),
    userId: userColumn('user_id', 'cascade').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    expiresAt: moment('expires_at'),
    /** Made from a session signed in with a second factor: only such a token carries an admin's rights. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('api_token_user_idx').on(t.userId)],
)
