import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * An account's authenticator-app secret (RFC 6238). The secret is stored encrypted with a key derived
 * from the auth secret, so a copy of the database alone does not yield codes. `confirmedAt` is null
 * while the set-up waits for its first code; `lastUsedStep` is the 30-second step of the last code
 * accepted, so a code works once.
 */
export const twoFactors = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Single-use recovery codes: only a keyed hash of each is stored; `usedAt` marks one spent. */
export const recoveryCodes = pgTable(
  'recovery_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_code_user_hash_idx').on(t.userId, t.codeHash)],
)

/** WebAuthn credentials (the passkey plugin of better-auth reads and writes this table). */
export const passkeys = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    aaguid: text('aaguid'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_user_idx').on(t.userId)],
)

/**
 * What happened to an account: sign-ins and failed ones, sign-outs, changes of the password, the
 * email and the factors, API tokens made and revoked, sessions ended, with the address and browser
 * of the request. Rows are only ever added: a trigger refuses to change or delete one.
 */
export const securityEvents = pgTable(
  'security_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    /** The account's email when it happened. */
    email: text('email').notNull(),
    action: text('action').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_event_user_idx').on(t.userId, t.createdAt), index('security_event_created_idx').on(t.createdAt)],
)
