import { passkey } from '@better-auth/passkey'
import { and, eq, ne } from 'drizzle-orm'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { emailOTP } from 'better-auth/plugins'
import { passkeyNameSchema } from '../../lib/account-security-schema'
import { describeUnmetPasswordRules, PASSWORD_MAX_LENGTH } from '../../lib/auth-schema'
import { limits } from '../../lib/catalogue'
import { site } from '../../lib/site'
import type { AppContext } from '../context/app-context'
import { CLIENT_IP_HEADER } from '../http/client-ip'
import { accounts, passkeys, sessions, users, verifications } from '../db/schema'
import { mailSecurityNotice } from '../services/activity/mail-security-notice'
import { recordSecurityEvent } from '../services/activity/record-security-event'
import { grantAdminGroup } from './admin-groups'
import { currentAuthRequest } from './auth-request-scope'
import { loadAuthSecret } from './auth-secret'
import { OTP_ALLOWED_ATTEMPTS, OTP_EXPIRES_SECONDS } from './otp-settings'
import { knownDeviceKey } from './known-device-cookie'
import { passkeyGatePlugin, requirePasskeyGate } from './passkey-gate'
import { hashPassword, verifyPassword } from './password-hash'
import { recordActivity } from './record-activity'
import { recordSignIn, type SignInMethod } from './record-sign-in'
import { resetCodeChecks } from './reserve-code-check'
import { secureFirstVerification } from './secure-first-verification'
import { sendAccountMail } from './send-account-mail'
import { holdSignInForSecondFactor, twoFactorPlugin } from './two-factor-plugin'

const codeMail = {
  'email-verification': { subject: `Your ${site.companyName} verification code`, purpose: 'verify your email address' },
  'sign-in': { subject: `Your ${site.companyName} sign-in code`, purpose: 'sign in' },
  'forget-password': { subject: `Your ${site.companyName} password reset code`, purpose: 'reset your password' },
  'change-email': { subject: `Your ${site.companyName} email change code`, purpose: 'change your email address' },
} as const

/**
 * Endpoints that set a new password: the rule of lib/auth-schema.ts is enforced on each. Verifying an
 * address sets the account's password to the one sent with the code (see secure-first-verification.ts),
 * so it follows the rule too, checked before the code is.
 */
const newPasswordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/email-otp/verify-email': 'password',
  '/email-otp/reset-password': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
}

const PASSKEY_NEEDS_VERIFICATION_MESSAGE = 'This passkey did not check that it is you (with a PIN, fingerprint or face), so it cannot stand for both factors.'

const existingAccountNotice = (email: string) => ({
  subject: 'Someone tried to sign up with your address',
  text: [
    `Someone tried to create an account at ${site.companyName} with ${email}, which already has an account.`,
    '',
    'If it was you, sign in with your password, or choose a new one with "Forgot password?" on the sign-in form.',
    'If it was not you, you can ignore this email: nothing about your account has changed.',
  ].join('\n'),
})

/**
 * Endpoints the product does not use, each a way around the limits or the rules of the code flow:
 * direct email change and profile writes (email changes go through the code flow, which asks for the
 * current password), account deletion, sign-in by code alone, the link-based verification and reset
 * (the product mails codes), a code check that does not use the code up (it would confirm a reset code
 * that reset-password accepts later), and a bare password check for a session.
 */
const disabledAuthPaths = [
  '/change-email',
  '/update-user',
  '/delete-user',
  '/sign-in/email-otp',
  '/send-verification-email',
  '/verify-email',
  '/request-password-reset',
  '/reset-password',
  '/forget-password/email-otp',
  '/email-otp/check-verification-otp',
  '/verify-password',
  // Sessions are listed and ended through the account's own services (by id, never by token: a
  // session's token never reaches the browser's scripts), and passkeys renamed or removed there too,
  // where the activity log records it.
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/update-session',
  '/passkey/list-user-passkeys',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
]

/** The endpoints that end in a signed-in session, and how each proves who signs in. */
const signInPaths: Record<string, SignInMethod | 'second-factor'> = {
  '/sign-in/email': 'password',
  '/email-otp/verify-email': 'email-code',
  '/two-factor/verify': 'second-factor',
  '/passkey/verify-authentication': 'passkey',
}

/** Sign-ins that prove only the first factor: with two-factor sign-in on, they wait for the second. */
const firstFactorSignIns = new Set(['/sign-in/email', '/email-otp/verify-email'])

export function createAuth(ctx: AppContext) {
  if (ctx.env.DATABASE_URL && !ctx.env.AUTH_SECRET) {
    // Each instance would generate its own secret and refuse the sessions the others sign.
    ctx.log.warn('DATABASE_URL is set but AUTH_SECRET is not: instances sharing this database must share one AUTH_SECRET')
  }
  const { env, db } = ctx
  const secret = loadAuthSecret(env.AUTH_SECRET, env.dataDir)
  const deviceKey = knownDeviceKey(secret)
  const explicitUrl = env.PUBLIC_URL?.replace(/\/$/, '')
  // Set once betterAuth() returns: a sign-up for an unverified address mails a code through the same
  // endpoint as "Send a new code" (and so through the same limits).
  let mailVerificationCode: (email: string, headers: Headers) => Promise<unknown> = async () => undefined

  /** Whether `password` is the account's password (checked after the limits reserved the attempt). */
  async function passwordOf(userId: string, password: string): Promise<boolean> {
    const [account] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .limit(1)
    return account?.password ? verifyPassword({ hash: account.password, password }) : false
  }

  /** The address and browser of the request in progress, for the activity log. */
  const requestOf = (headers: Headers | undefined) => ({ ip: currentAuthRequest()?.ip ?? null, userAgent: headers?.get('user-agent') ?? null })

  async function markPasskeyUsed(body: unknown) {
    const credentialId = (body as { response?: { id?: unknown } } | undefined)?.response?.id
    if (typeof credentialId === 'string') await db.update(passkeys).set({ lastUsedAt: new Date() }).where(eq(passkeys.credentialID, credentialId))
  }

  /**
   * After a change of the password or the email succeeded: every other session of the account ends
   * (whatever the request asked), and the activity log records it; a passkey added is recorded and
   * mailed to the owner.
   */
  async function afterAccountChange(c: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    const path = c.path
    if (path !== '/change-password' && path !== '/email-otp/change-email' && path !== '/email-otp/reset-password' && path !== '/passkey/verify-registration') return
    if (path === '/email-otp/reset-password') {
      const email = String((c.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()
      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1)
      if (user) await recordSecurityEvent(db, { userId: user.id, email: user.email, action: 'password-reset', ...requestOf(c.headers) })
      return
    }
    const session = c.context.session ?? (await getSessionFromCtx(c).catch(() => null))
    if (!session) return
    const userId = session.user.id
    if (path === '/passkey/verify-registration') {
      const name = String((c.body as { name?: unknown } | undefined)?.name ?? '').trim()
      await db.transaction(async (tx) => {
        await recordSecurityEvent(tx, { userId, email: session.user.email, action: 'passkey-added', ...requestOf(c.headers), details: { name } })
        await mailSecurityNotice(tx, { to: session.user.email, subject: 'A passkey was added to your account', lines: [`A passkey named “${name}” was added to your account. It signs in without your password.`] })
      })
      return
    }
    const keep = c.context.newSession?.session.token ?? session.session.token
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.token, keep)))
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
    const email = user?.email ?? session.user.email
    if (path === '/change-password') await recordSecurityEvent(db, { userId, email, action: 'password-changed', ...requestOf(c.headers) })
    else await recordSecurityEvent(db, { userId, email, action: 'email-changed', ...requestOf(c.headers), details: { from: session.user.email, to: email } })
  }

  const auth = betterAuth({
    appName: site.companyName,
    // better-auth's messages go to the server log (pino), not to the console. Refused requests (wrong
    // password, bad origin) are expected traffic: debug level; anything else is an error.
    onAPIError: {
      onError: (error) => {
        const status = (error as { status?: unknown } | null)?.status
        if (typeof status === 'string' && status !== 'INTERNAL_SERVER_ERROR') ctx.log.debug({ source: 'better-auth', status, msg: (error as Error).message }, 'auth request refused')
        else ctx.log.error({ source: 'better-auth', err: error }, 'auth request failed')
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => ctx.log[level === 'debug' ? 'debug' : level]({ source: 'better-auth', details: args.length ? args : undefined }, message),
    },
    secret,
    // With PUBLIC_URL unset the origin comes from each request (a local or test server on any port):
    // said explicitly, as a dynamic base URL for any host, so better-auth does not warn at every start.
    baseURL: explicitUrl ?? { allowedHosts: ['*'], fallback: env.publicUrl },
    basePath: '/api/auth',
    // CSRF: a state-changing request must come from the site itself (its Origin is the host it was sent to).
    trustedOrigins: async (request) => {
      const origins: string[] = []
      if (explicitUrl) origins.push(explicitUrl)
      if (request) origins.push(new URL(request.url).origin)
      return origins
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: { user: users, session: sessions, account: accounts, verification: verifications, passkey: passkeys } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: limits.passwordMinLength,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      // better-auth answers a sign-up for a taken address exactly like a new one (nothing tells them
      // apart). The owner must still get a mail: a fresh code while the account is unverified (the
      // code sets their password, see secure-first-verification.ts), or a notice once it is verified.
      onExistingUserSignUp: async ({ user }, request) => {
        if (!user.emailVerified) {
          await mailVerificationCode(user.email, request?.headers ?? new Headers())
          return
        }
        await sendAccountMail(ctx, { to: user.email, kind: 'account-notice', ...existingAccountNotice(user.email) })
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    // Read with the session (one query fewer per request); only ADMIN_EMAILS and the admin command write it.
    user: {
      additionalFields: {
        groups: { type: 'string[]', input: false, required: false, returned: true },
        // Written by the account's own services only (two-factor set-up and removal).
        twoFactorEnabled: { type: 'boolean', input: false, required: false, returned: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // How the session was signed in (set when it is made, see the session hook below); no default
      // here, so a value given when the session is made is kept.
      additionalFields: {
        secondFactor: { type: 'string', input: false, required: false, returned: true },
        // Written by resolve-actor.ts about once a minute while the session is used.
        lastUsedAt: { type: 'date', input: false, required: false, returned: true },
      },
    },
    disabledPaths: disabledAuthPaths,
    // Our own limits (auth-plugin.ts, auth-limits.ts) count per account and per address in PostgreSQL.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      cookiePrefix: 'mwk',
      // The address a session records is the visitor's as the server resolved it (the peer, or behind
      // TRUSTED_PROXIES the one X-Forwarded-For names), never a forwarding header the client wrote.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 128 },
      // Explicit: better-auth skips the Origin check whenever it detects a test runner, which would let
      // the tests pass over a check production relies on.
      disableOriginCheck: false,
    },
    databaseHooks: {
      session: {
        create: {
          // What a session proves is fixed when it is made: a passkey proves both factors; a session
          // that replaces the current one (a password change) proves what the current one did; the
          // second step of a sign-in names its factor itself; anything else proved one factor.
          before: async (session, context) => {
            if (context?.path === '/passkey/verify-authentication') return { data: { ...session, secondFactor: 'passkey' } }
            if (context?.path === '/change-password') {
              const current = context.context.session?.session as { secondFactor?: string | null } | undefined
              return { data: { ...session, secondFactor: current?.secondFactor ?? null } }
            }
            return undefined
          },
        },
      },
      user: {
        update: {
          before: async (data) => {
            if (data.emailVerified !== true) return
            // The account being verified: verify-email names it in the update, reset-password in its body.
            const scope = currentAuthRequest()
            const bodyEmail = typeof scope?.body.email === 'string' ? scope.body.email.trim().toLowerCase() : null
            const email = typeof data.email === 'string' ? data.email.toLowerCase() : bodyEmail
            if (!email) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'Could not tell which account is being verified' })
            const password = typeof scope?.body.password === 'string' ? scope.body.password : null
            await secureFirstVerification(db, { email, password })
          },
          after: async (user) => {
            // ADMIN_EMAILS grants "Admins" once the address is proven (on verification).
            if (user.emailVerified && env.ADMIN_EMAILS.includes(user.email.toLowerCase())) await grantAdminGroup(db, user.email)
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (c) => {
        const field = newPasswordFields[c.path]
        if (field) {
          const password = (c.body as Record<string, unknown> | undefined)?.[field]
          const problem = typeof password === 'string' ? describeUnmetPasswordRules(password) : 'Please enter a password'
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_RULES' })
        }
        if (c.path === '/email-otp/request-email-change') {
          const currentPassword = (c.body as { currentPassword?: unknown } | undefined)?.currentPassword
          const session = await getSessionFromCtx(c).catch(() => null)
          if (!session) throw new APIError('UNAUTHORIZED', { message: 'Unauthorized', code: 'UNAUTHORIZED' })
          const ok = typeof currentPassword === 'string' && (await passwordOf(session.user.id, currentPassword))
          if (!ok) throw new APIError('BAD_REQUEST', { message: 'Your current password is not correct', code: 'INVALID_PASSWORD' })
        }
        // Adding a passkey: the password was confirmed for this session first (passkey-gate.ts).
        if (c.path === '/passkey/generate-register-options') await requirePasskeyGate(c, { close: false })
        if (c.path === '/passkey/verify-registration') {
          const parsed = passkeyNameSchema.safeParse((c.body as { name?: unknown } | undefined)?.name)
          if (!parsed.success) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'BAD_REQUEST' })
          await requirePasskeyGate(c, { close: true })
        }
        if (c.path === '/sign-out') {
          const session = await getSessionFromCtx(c).catch(() => null)
          if (session?.user.email) {
            await recordActivity(db, { email: session.user.email, action: 'sign-out' })
            await recordSecurityEvent(db, { userId: session.user.id, email: session.user.email, action: 'sign-out', ...requestOf(c.headers) })
          }
        }
      }),
      after: createAuthMiddleware(async (c) => {
        const newSession = c.context.newSession
        const signIn = signInPaths[c.path]
        if (newSession && signIn) {
          const user = newSession.user as { id: string; email: string; twoFactorEnabled?: boolean | null }
          // The password (or a mailed code) is only the first factor of an account with two-factor sign-in on.
          if (firstFactorSignIns.has(c.path) && user.twoFactorEnabled) return holdSignInForSecondFactor(c, newSession.session)
          const secondFactor = (newSession.session as { secondFactor?: string | null }).secondFactor
          const method: SignInMethod = signIn === 'second-factor' ? (secondFactor === 'recovery-code' ? 'recovery-code' : 'totp') : signIn
          if (method === 'passkey') await markPasskeyUsed(c.body)
          await recordSignIn(db, { userId: user.id, email: user.email, method, headers: c.headers, ip: currentAuthRequest()?.ip ?? 'unknown', deviceKey })
          return
        }
        if (isAPIError(c.context.returned)) return
        await afterAccountChange(c)
      }),
    },
    plugins: [
      twoFactorPlugin(ctx, deviceKey),
      passkeyGatePlugin(passwordOf),
      passkey({
        // A passkey is bound to the site's host name: PUBLIC_URL's, or localhost for a local server.
        rpID: explicitUrl ? new URL(explicitUrl).hostname : 'localhost',
        rpName: site.companyName,
        // Without PUBLIC_URL, the request's Origin, which the origin guard has already held to the site's own.
        origin: explicitUrl ?? null,
        // A passkey stands for both factors, so it must check that it is its owner (a PIN, fingerprint
        // or face), and it must be found without a name typed first (a discoverable credential).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        registration: {
          afterVerification: async ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw new APIError('BAD_REQUEST', { code: 'USER_NOT_VERIFIED', message: PASSKEY_NEEDS_VERIFICATION_MESSAGE })
          },
        },
        authentication: {
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw new APIError('UNAUTHORIZED', { code: 'USER_NOT_VERIFIED', message: PASSKEY_NEEDS_VERIFICATION_MESSAGE })
          },
        },
        advanced: { webAuthnChallengeCookie: 'passkey_challenge' },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: OTP_EXPIRES_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        disableSignUp: true,
        changeEmail: { enabled: true },
        // Every code mail passes here, whichever endpoint asked for it: the choke point of the mail limits.
        async sendVerificationOTP({ email, otp, type }) {
          const mail = codeMail[type]
          const text = [
            `Your code to ${mail.purpose} at ${site.companyName} is:`,
            '',
            `    ${otp}`,
            '',
            `It expires in ${OTP_EXPIRES_SECONDS / 60} minutes and works once. If you did not ask for it, you can ignore this email.`,
          ].join('\n')
          const sent = await sendAccountMail(ctx, { to: email, kind: 'verification-code', subject: mail.subject, text })
          // A new code gets its own allowance of checks.
          if (sent && type !== 'sign-in') await resetCodeChecks(type, email)
        },
      }),
    ],
  })
  mailVerificationCode = (email, headers) => auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' }, headers })
  return auth
}

export type Auth = ReturnType<typeof createAuth>
