import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { uuidId, moment, createdAt } from './columns'
import { userColumn } from './user-column'

/**
 * An account's authenticator-app secret (RFC 6238). The secret is stored encrypted with a key derived
 * from the auth secret, so a copy of the database alone does not yield codes. `confirmedAt` is null
 * while the set-up waits for its first code; `lastUsedStep` is the 30-second step of the last code
 * accepted, so a code works once.
 */
export const twoFactors = pgTable('two_factor', {
  userId: userColumn('user_id', 'cascade').primaryKey(),
  secret: text('secret').notNull(),
  confirmedAt: moment('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
})

/** Single-use recovery codes: only a keyed hash of each is stored; `usedAt` marks one spent. */
export const recoveryCodes = pgTable(
  'recovery_code',
  {
    id: uuidId(),
    userId: userColumn('user_id', 'cascade').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
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
    userId: userColumn('user_id', 'cascade').notNull(),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: moment('created_at').defaultNow(),
    aaguid: text('aaguid'),
    lastUsedAt: moment('last_used_at'),
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
    createdAt: createdAt(),
  },
  (t) => [index('security_event_user_idx').on(t.userId, t.createdAt), index('security_event_created_idx').on(t.createdAt)],
)
