import { boolean, pgTable, text } from 'drizzle-orm/pg-core'
import { moment, createdAt, updatedAt } from './columns'

/** better-auth's core tables, plus the per-user group list that decides the admin role (a group whose name contains "Admin"). */
export const users = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Group names; a user is an admin when one of them contains "Admin". */
  groups: text('groups').array().notNull().default([]),
  /** Whether sign-in asks for a code from an authenticator app after the password (two_factor holds its secret). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const sessions = pgTable('session', {
  id: text('id').primaryKey(),
  expiresAt: moment('expires_at').notNull(),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The second proof this session was signed in with: 'totp' (a code from the app), 'recovery-code',
   * or 'passkey' (which proves both factors); null for the password (or a mailed code) alone.
   */
  secondFactor: text('second_factor'),
  /** When the session was last used (written at most about once a minute). */
  lastUsedAt: moment('last_used_at'),
})

export const accounts = pgTable('account', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: moment('access_token_expires_at'),
  refreshTokenExpiresAt: moment('refresh_token_expires_at'),
  scope: text('scope'),
  password: text('password'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const verifications = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: moment('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
