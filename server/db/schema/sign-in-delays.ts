import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { moment } from './columns'

/**
 * Wrong passwords per (account, client address), for the growing wait between sign-in attempts
 * (server/auth/reserve-password-attempt.ts). The account is the lower-cased email as typed, whether or
 * not an account has it, so the table says nothing about which accounts exist. Always in PostgreSQL,
 * also when REDIS_URL is set: one atomic statement reserves an attempt before the password is checked.
 */
export const signInDelays = pgTable(
  'sign_in_delay',
  {
    account: text('account').notNull(),
    clientIp: text('client_ip').notNull(),
    /** Wrong passwords (attempts reserved and not cleared by a success) in the last 24 hours. */
    failures: integer('failures').notNull(),
    lastFailureAt: moment('last_failure_at').notNull(),
    /** The next attempt from this address for this account is refused before this time. */
    nextAttemptAt: moment('next_attempt_at'),
  },
  (t) => [primaryKey({ columns: [t.account, t.clientIp] })],
)
