import { eq } from 'drizzle-orm'
import { ACCOUNT_UNDER_ATTACK_MESSAGE, CODE_USED_UP_MESSAGE, emailSchema, TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/auth-schema'
import type { AppContext } from '../context/app-context'
import { users } from '../db/schema'
import { recordSecurityEvent } from '../services/activity/record-security-event'
import { runInAuthRequestScope } from './auth-request-scope'
import type { Auth } from './create-auth'
import { isKnownDevice, knownDeviceSetCookie } from './known-device-cookie'
import { PASSWORD_HASH_RETRY_AFTER_SECONDS } from './password-hash'
import { reserveCodeCheck, type CodeCheck, type CodePurpose } from './reserve-code-check'
import { reservePasswordAttempt, type AttemptOutcome, type PasswordAttempt } from './reserve-password-attempt'
import { takeCodeMail } from './take-code-mail'

/** Endpoints that check a password, and where the account comes from: the body, or the session. */
const passwordPaths: Record<string, 'body' | 'session'> = {
  '/sign-in/email': 'body',
  '/change-password': 'session',
  '/email-otp/request-email-change': 'session',
  // Adding a passkey asks for the password first (passkey-gate.ts).
  '/passkey/confirm-password': 'session',
}

/** Endpoints whose success signs a browser in: it then becomes a known device of the account. */
const signInPaths = new Set(['/sign-in/email', '/email-otp/verify-email', '/two-factor/verify', '/passkey/verify-authentication'])

/** Endpoints that check a mailed code, and what the code is for. */
const codePaths: Record<string, CodePurpose> = {
  '/email-otp/verify-email': 'email-verification',
  '/email-otp/reset-password': 'forget-password',
  '/email-otp/change-email': 'change-email',
}

/** Endpoints that mail a code (or a notice), and the body field that names the recipient. */
const mailPaths: Record<string, 'email' | 'newEmail'> = {
  '/sign-up/email': 'email',
  '/email-otp/send-verification-otp': 'email',
  '/email-otp/request-password-reset': 'email',
  '/email-otp/request-email-change': 'newEmail',
}

/** The code types a visitor may ask for by /email-otp/send-verification-otp (sign-in by code is off). */
const requestableCodeTypes = new Set(['email-verification', 'forget-password'])

/** Auth requests are small JSON objects; anything bigger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024

export interface GuardOptions {
  auth: Auth
  ctx: Pick<AppContext, 'db' | 'log'>
  request: Request
  /** Path below /api/auth, e.g. /sign-in/email. */
  path: string
  ip: string
  deviceKey: Buffer
  secureCookies: boolean
}

function authJson(status: number, body: { code: string; message: string }, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } })
}

const tooMany = (retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS_MESSAGE) =>
  authJson(429, { code: 'TOO_MANY_REQUESTS', message }, { 'retry-after': String(Math.max(1, retryAfterSeconds)) })
const invalidEmail = () => authJson(400, { code: 'INVALID_EMAIL', message: 'Please enter a valid email address' })
const normalEmail = (value: unknown): string | null => emailSchema.safeParse(value).data ?? null

/**
 * Everything in front of better-auth at /api/auth/*: bodies must be JSON; every password or code check
 * is reserved against its limits before better-auth checks it, and settled from the answer; every
 * request that mails a code is counted, whether or not the address has an account (so the limits say
 * nothing about which addresses do); a successful sign-in marks the browser as a known device.
 */
export async function guardAuthRequest({ auth, ctx, request, path, ip, deviceKey, secureCookies }: GuardOptions): Promise<Response> {
  if (request.method !== 'POST') return auth.handler(request)

  // One encoding, so the limits read the same fields better-auth acts on (it also takes forms).
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    return authJson(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please send the request as JSON (Content-Type: application/json).' })
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return authJson(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' })
  const text = await request.clone().text()
  if (text.length > MAX_BODY_BYTES) return authJson(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' })
  let body: Record<string, unknown>
  try {
    const parsed: unknown = text.trim() ? JSON.parse(text) : {}
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
    body = parsed as Record<string, unknown>
  } catch {
    return authJson(400, { code: 'INVALID_JSON', message: 'The request body is not a JSON object.' })
  }

  const passwordSource = passwordPaths[path]
  const codePurpose = codePaths[path]
  const mailField = mailPaths[path]
  const session = passwordSource === 'session' || codePurpose === 'change-email' ? await auth.api.getSession({ headers: request.headers }).catch(() => null) : null

  let attempt: PasswordAttempt | null = null
  let check: CodeCheck | null = null
  const countedMailRecipients = new Set<string>()
  const settle = async (outcome: AttemptOutcome) => {
    try {
      await attempt?.settle(outcome)
      await check?.settle(outcome)
    } catch (error) {
      ctx.log.error({ source: 'auth', err: error }, 'auth limits: could not settle an attempt')
    }
  }

  if (passwordSource) {
    // Without a session there is nothing to check: better-auth answers 401 itself.
    const account = passwordSource === 'body' ? normalEmail(body.email) : (session?.user.email.toLowerCase() ?? null)
    if (passwordSource === 'body' && !account) return invalidEmail()
    if (account) {
      const reserved = await reservePasswordAttempt({
        account,
        ip,
        // A signed-in session proves the device already; otherwise the browser's known-device cookie.
        isKnownDevice: async () => (session ? true : knownDeviceOf(ctx, request, account, deviceKey)),
      })
      if ('refused' in reserved) {
        return tooMany(reserved.refused.retryAfterSeconds, reserved.refused.reason === 'account' ? ACCOUNT_UNDER_ATTACK_MESSAGE : TOO_MANY_ATTEMPTS_MESSAGE)
      }
      attempt = reserved.attempt
    }
  }

  if (codePurpose) {
    const email = normalEmail(codePurpose === 'change-email' ? body.newEmail : body.email)
    if (!email) return invalidEmail()
    const identifier = codePurpose === 'change-email' ? (session ? `change-email-otp-${session.user.email.toLowerCase()}-${email}` : null) : `${codePurpose}-otp-${email}`
    if (identifier) {
      const reserved = await reserveCodeCheck({ purpose: codePurpose, recipient: email, identifier, ip })
      if ('refused' in reserved) {
        return reserved.refused.reason === 'code-used-up'
          ? authJson(403, { code: 'TOO_MANY_ATTEMPTS', message: CODE_USED_UP_MESSAGE })
          : tooMany(reserved.refused.retryAfterSeconds)
      }
      check = reserved.check
    }
  }

  if (mailField) {
    const recipient = normalEmail(body[mailField])
    if (!recipient) {
      await settle('unchecked')
      return invalidEmail()
    }
    if (path === '/email-otp/send-verification-otp' && !requestableCodeTypes.has(String(body.type))) {
      await settle('unchecked')
      return authJson(400, { code: 'INVALID_OTP_TYPE', message: 'That kind of code cannot be requested.' })
    }
    const mail = await takeCodeMail({ recipient, ip })
    if (!mail.allowed) {
      await settle('unchecked')
      return tooMany(mail.retryAfterSeconds)
    }
    countedMailRecipients.add(recipient)
  }

  let response: Response
  try {
    response = await runInAuthRequestScope({ ip, body, countedMailRecipients }, () => auth.handler(request))
  } catch (error) {
    await settle('unchecked')
    throw error
  }

  if (attempt || check || response.status === 200) {
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string; user?: { id?: unknown; email?: unknown } } | null
    const outcome = attempt || check ? outcomeOf(attempt ? 'password' : 'code', response.status, answer?.code) : null
    if (outcome) await settle(outcome)
    if (outcome === 'wrong' && path === '/sign-in/email') await recordFailedSignIn(ctx, normalEmail(body.email), ip, request.headers.get('user-agent'))
    const userId = answer?.user?.id
    if (response.status === 200 && signInPaths.has(path) && typeof userId === 'string') {
      // A passkey's sign-in answers with the whole session, its token included: the page needs only who signed in.
      if (path === '/passkey/verify-authentication') response = withBody(response, { user: { id: userId, email: (answer?.user as { email?: string }).email } })
      response.headers.append('set-cookie', knownDeviceSetCookie(request.headers.get('cookie'), userId, deviceKey, secureCookies))
    }
  }
  if (response.status === 503 && !response.headers.has('retry-after')) response.headers.set('retry-after', String(PASSWORD_HASH_RETRY_AFTER_SECONDS))
  return response
}

/** The same answer (status and headers, cookies included) with another JSON body. */
function withBody(response: Response, body: unknown): Response {
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify(body), { status: response.status, headers })
}

/** A wrong password for an account that exists goes into that account's activity log. */
async function recordFailedSignIn(ctx: Pick<AppContext, 'db' | 'log'>, email: string | null, ip: string, userAgent: string | null) {
  if (!email) return
  try {
    const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1)
    if (user) await recordSecurityEvent(ctx.db, { userId: user.id, email: user.email, action: 'sign-in-failed', ip, userAgent })
  } catch (error) {
    ctx.log.error({ source: 'auth', err: error }, 'could not record a failed sign-in')
  }
}

/** What better-auth's answer says about the password or code it was given. */
function outcomeOf(kind: 'password' | 'code', status: number, code: string | undefined): AttemptOutcome {
  if (status >= 200 && status < 300) return 'right'
  if (kind === 'password') {
    // Sign-in says "not verified" only after the password matched.
    if (code === 'EMAIL_NOT_VERIFIED') return 'right'
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD') return 'wrong'
    return 'unchecked'
  }
  if (code === 'INVALID_OTP' || code === 'OTP_EXPIRED' || code === 'TOO_MANY_ATTEMPTS') return 'wrong'
  return 'unchecked'
}

/** Whether the request carries the known-device cookie of the account with this email. */
async function knownDeviceOf(ctx: Pick<AppContext, 'db'>, request: Request, email: string, deviceKey: Buffer): Promise<boolean> {
  const cookie = request.headers.get('cookie')
  if (!cookie) return false
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return user ? isKnownDevice(cookie, user.id, deviceKey) : false
}
