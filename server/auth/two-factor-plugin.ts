import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth'
import { APIError, createAuthEndpoint } from 'better-auth/api'
import { deleteSessionCookie, expireCookie, setSessionCookie } from 'better-auth/cookies'
import { and, eq, isNull } from 'drizzle-orm'
import { SECOND_FACTOR_SIGN_IN_AGAIN_MESSAGE, WRONG_SECOND_FACTOR_MESSAGE } from '../../lib/account-security-schema'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/auth-schema'
import { z } from '../../lib/zod'
import type { AppContext } from '../context/app-context'
import { recoveryCodes, users } from '../db/schema'
import { recordSecurityEvent } from '../services/activity/record-security-event'
import { currentAuthRequest } from './auth-request-scope'
import { authLimits } from './auth-limits'
import { isKnownDevice } from './known-device-cookie'
import { checkSecondFactor } from './check-second-factor'
import { factorKeysOf } from './factor-keys-of'
import { reserveSecondFactorCheck } from './reserve-second-factor-check'

/** The signed cookie that carries a sign-in waiting for its second factor (`mwk.two_factor`). */
const CHALLENGE_COOKIE = 'two_factor'
const challengeIdentifier = (id: string) => `two-factor-sign-in-${id}`

/**
 * Turns a sign-in that proved the password (or a mailed code) into one waiting for the second factor:
 * the session just made is deleted before its cookie reaches the browser, and the browser gets a
 * signed, short-lived cookie naming the waiting sign-in instead. Answers `{ twoFactorRedirect: true }`.
 */
export async function holdSignInForSecondFactor(c: GenericEndpointContext, session: { token: string; userId: string }) {
  await c.context.internalAdapter.deleteSession(session.token)
  c.context.setNewSession(null)
  // Remove the session cookie the sign-in set on this answer.
  deleteSessionCookie(c, true)
  const id = crypto.randomUUID()
  const maxAge = authLimits.secondFactorChallengeSeconds
  await c.context.internalAdapter.createVerificationValue({ identifier: challengeIdentifier(id), value: session.userId, expiresAt: new Date(Date.now() + maxAge * 1000) })
  const cookie = c.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge })
  await c.setSignedCookie(cookie.name, id, c.context.secret, { ...cookie.attributes, path: '/api/auth' })
  return c.json({ twoFactorRedirect: true })
}

/**
 * The second step of a sign-in with two-factor sign-in on: `POST /api/auth/two-factor/verify`
 * `{ code }`, six digits from the authenticator app or one recovery code. Each check is reserved against
 * the limits first (per waiting sign-in, per account, per address); a right code ends the waiting
 * sign-in and makes the session, which records how it was proved.
 */
export function twoFactorPlugin(ctx: Pick<AppContext, 'db' | 'env' | 'services' | 'log'>, deviceKey: Buffer): BetterAuthPlugin {
  return {
    id: 'meshwork-two-factor',
    endpoints: {
      verifySecondFactor: createAuthEndpoint(
        '/two-factor/verify',
        { method: 'POST', body: z.object({ code: z.string().max(64) }) },
        async (c) => {
          const cookie = c.context.createAuthCookie(CHALLENGE_COOKIE)
          const signInAgain = () => {
            expireCookie(c, { ...cookie, attributes: { ...cookie.attributes, path: '/api/auth' } })
            return new APIError('UNAUTHORIZED', { code: 'SIGN_IN_AGAIN', message: SECOND_FACTOR_SIGN_IN_AGAIN_MESSAGE })
          }
          const id = await c.getSignedCookie(cookie.name, c.context.secret)
          if (!id) throw signInAgain()
          const waiting = await c.context.internalAdapter.findVerificationValue(challengeIdentifier(id))
          if (!waiting || waiting.expiresAt.getTime() < Date.now()) throw signInAgain()
          const [user] = await ctx.db.select({ id: users.id, email: users.email, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, waiting.value)).limit(1)
          if (!user?.twoFactorEnabled) throw signInAgain()
          const ip = currentAuthRequest()?.ip ?? 'unknown'
          const userAgent = c.headers?.get('user-agent') ?? null
          const reserved = await reserveSecondFactorCheck({
            userId: user.id,
            ip,
            challengeId: id,
            isKnownDevice: async () => isKnownDevice(c.headers?.get('cookie') ?? null, user.id, deviceKey),
          })
          if ('refused' in reserved) {
            if (reserved.refused.reason === 'sign-in-used-up') {
              await c.context.internalAdapter.deleteVerificationByIdentifier(challengeIdentifier(id))
              throw signInAgain()
            }
            throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS_MESSAGE }, { 'retry-after': String(reserved.refused.retryAfterSeconds) })
          }
          const { check } = reserved
          let method
          try {
            method = await checkSecondFactor(ctx.db, factorKeysOf(ctx), { userId: user.id, code: c.body.code })
          } catch (error) {
            await check.settle('unchecked')
            throw error
          }
          if (!method) {
            await check.settle('wrong')
            await recordSecurityEvent(ctx.db, { userId: user.id, email: user.email, action: 'second-factor-failed', ip, userAgent })
            if (check.lastForSignIn) {
              await c.context.internalAdapter.deleteVerificationByIdentifier(challengeIdentifier(id))
              throw signInAgain()
            }
            throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: WRONG_SECOND_FACTOR_MESSAGE })
          }
          await check.settle('right')
          // The waiting sign-in ends here, once: a second request that proved a code too gets nothing.
          const consumed = await c.context.internalAdapter.consumeVerificationValue(challengeIdentifier(id))
          if (!consumed || consumed.value !== user.id) throw signInAgain()
          const session = await c.context.internalAdapter.createSession(user.id, false, { secondFactor: method })
          const fullUser = await c.context.internalAdapter.findUserById(user.id)
          if (!session || !fullUser) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'The session could not be made' })
          await setSessionCookie(c, { session, user: fullUser })
          expireCookie(c, { ...cookie, attributes: { ...cookie.attributes, path: '/api/auth' } })
          if (method === 'recovery-code') {
            const left = await ctx.db.$count(recoveryCodes, and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
            await recordSecurityEvent(ctx.db, { userId: user.id, email: user.email, action: 'recovery-code-used', ip, userAgent, details: { left } })
          }
          return c.json({ user: { id: user.id, email: user.email } })
        },
      ),
    },
  }
}
