import { disableTwoFactor } from '../../services/account-security/disable-two-factor'
import { enableTwoFactor } from '../../services/account-security/enable-two-factor'
import { endOtherSessions } from '../../services/account-security/end-other-sessions'
import { endSession } from '../../services/account-security/end-session'
import { getAccountSecurity } from '../../services/account-security/get-account-security'
import { listSessions } from '../../services/account-security/list-sessions'
import { removePasskey } from '../../services/account-security/remove-passkey'
import { renamePasskey } from '../../services/account-security/rename-passkey'
import { renewRecoveryCodes } from '../../services/account-security/renew-recovery-codes'
import { startTwoFactorSetup } from '../../services/account-security/start-two-factor-setup'
import { exportActivityLog } from '../../services/activity/export-activity-log'
import { listActivityLog } from '../../services/activity/list-activity-log'
import { listMyActivity } from '../../services/activity/list-my-activity'
import type { GraphqlModule } from './graphql-module'

/**
 * The signed-in person's own sign-in settings (two-factor sign-in, recovery codes, passkeys, sessions)
 * and the activity log. Passkeys are added, and used to sign in, through the auth endpoints
 * (/api/auth/passkey/*), where the browser's WebAuthn ceremony runs.
 */
export const accountSecurityModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Passkey {
      id: ID!
      name: String!
      createdAt: String
      lastUsedAt: String
    }
    type AccountSecurity {
      twoFactorEnabled: Boolean!
      recoveryCodesLeft: Int!
      passkeys: [Passkey!]!
      "This session was signed in with a second factor (an authenticator code, a recovery code or a passkey)."
      signedInWithSecondFactor: Boolean!
      "An admin account without a second factor in this session: it has no admin rights until it sets one up."
      secondFactorRequired: Boolean!
    }
    type SignInSession {
      id: ID!
      "The session of this request."
      current: Boolean!
      browser: String!
      system: String!
      "Approximate place of the address (a country, or the private network it is in), looked up on the server."
      place: String!
      ipAddress: String
      "password, totp, recovery-code or passkey"
      signInMethod: String!
      createdAt: String!
      lastUsedAt: String!
    }
    type TwoFactorSetup {
      "The authenticator secret as text (base32)."
      secret: String!
      otpauthUri: String!
      "The QR code of otpauthUri: its width in modules and an SVG path of the dark ones."
      qrSize: Int!
      qrPath: String!
    }
    type RecoveryCodes {
      "Shown once: only their hashes are kept."
      recoveryCodes: [String!]!
    }
    type ActivityEntry {
      id: ID!
      at: String!
      "account (the account's own event) or admin (an admin's action on the account's data)"
      kind: String!
      action: String!
      label: String!
      accountEmail: String
      byEmail: String
      ipAddress: String
      place: String
      browser: String
      details: String!
    }
    type ActivityPage {
      entries: [ActivityEntry!]!
      page: Int!
      hasMore: Boolean!
    }
    input ActivityFilter {
      "Part of an account's email (the account the entry is about, or the admin who acted)."
      account: String
      action: String
      "First and last day, YYYY-MM-DD (UTC), both included."
      from: String
      to: String
    }
    extend type Query {
      accountSecurity: AccountSecurity!
      sessions: [SignInSession!]!
      myActivity(page: Int): ActivityPage!
      "Admins only: the whole log."
      activityLog(filter: ActivityFilter, page: Int): ActivityPage!
      "Admins only: the whole log (filtered) as CSV text."
      activityLogCsv(filter: ActivityFilter): String!
    }
    extend type Mutation {
      startTwoFactorSetup(password: String!): TwoFactorSetup!
      enableTwoFactor(code: String!): RecoveryCodes!
      disableTwoFactor(password: String!, code: String!): Boolean!
      renewRecoveryCodes(password: String!): RecoveryCodes!
      endSession(id: ID!): ID!
      "Returns how many sessions ended."
      endOtherSessions: Int!
      renamePasskey(id: ID!, name: String!): Passkey!
      removePasskey(id: ID!): ID!
    }
  `,
  resolvers: {
    Query: {
      accountSecurity: (_: unknown, __: unknown, { actor }) => getAccountSecurity({ actor }),
      sessions: (_: unknown, __: unknown, { actor }) => listSessions({ actor }),
      myActivity: (_: unknown, args: { page?: number | null }, { actor }) => listMyActivity({ actor, page: args.page ?? 1 }),
      activityLog: (_: unknown, args: { filter?: unknown; page?: number | null }, { actor }) => listActivityLog({ actor, filter: args.filter ?? {}, page: args.page ?? 1 }),
      activityLogCsv: (_: unknown, args: { filter?: unknown }, { actor }) => exportActivityLog({ actor, filter: args.filter ?? {} }),
    },
    Mutation: {
      startTwoFactorSetup: (_: unknown, args: { password: string }, { actor, client }) => startTwoFactorSetup({ actor, password: args.password, client }),
      enableTwoFactor: (_: unknown, args: { code: string }, { actor, client }) => enableTwoFactor({ actor, code: args.code, client }),
      disableTwoFactor: async (_: unknown, args: { password: string; code: string }, { actor, client }) => (await disableTwoFactor({ actor, ...args, client }), true),
      renewRecoveryCodes: (_: unknown, args: { password: string }, { actor, client }) => renewRecoveryCodes({ actor, password: args.password, client }),
      endSession: async (_: unknown, args: { id: string }, { actor, client }) => (await endSession({ actor, id: args.id, client })).id,
      endOtherSessions: async (_: unknown, __: unknown, { actor, client }) => (await endOtherSessions({ actor, client })).ended,
      renamePasskey: (_: unknown, args: { id: string; name: string }, { actor, client }) => renamePasskey({ actor, id: args.id, name: args.name, client }),
      removePasskey: async (_: unknown, args: { id: string }, { actor, client }) => (await removePasskey({ actor, id: args.id, client })).id,
    },
  },
}
