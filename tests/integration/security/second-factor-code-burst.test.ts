import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { authLimits } from '../../../server/auth/auth-limits'
import { securityEvents } from '../../../server/db/schema'
import { nextTotpCode, wrongTotpCode } from '../../setup/totp'
import { factorsOf, signUpAndVerify, STRONG_PASSWORD, userIdOf } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * Someone who has the password guesses the six-digit code of the second step, all at once from many
 * addresses. Every check is counted before it runs: one sign-in gets `codeChecksPerSignIn` checks and
 * then must start again from the password; the account gets `wrongSecondFactorsPerAccount` wrong codes
 * an hour, after which only a browser that signed in to it before is still checked.
 */
describe('a burst of wrong authenticator codes', () => {
  const portal = portalServerForSuite()
  let address = 10
  const freshClient = () => new HttpClient(portal.url, {}, { localAddress: `127.0.2.${address++}` })

  /** How many codes the server checked for the account (each wrong one is recorded). */
  const checkedWrong = async (userId: string) =>
    portal.server.ctx.db.$count(securityEvents, and(eq(securityEvents.userId, userId), eq(securityEvents.action, 'second-factor-failed')))

  /** Signs in with the password from a fresh address; returns clients sharing that waiting sign-in, each on its own address. */
  async function waitingSignIn(email: string, copies: number) {
    const first = freshClient()
    const answer = await first.json('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })
    expect(answer.body).toEqual({ twoFactorRedirect: true })
    return Array.from({ length: copies }, () => {
      const c = freshClient()
      for (const [name, value] of first.cookies) c.cookies.set(name, value)
      return c
    })
  }

  it(`20 wrong codes at once on one sign-in: at most ${authLimits.codeChecksPerSignIn} are checked, and the sign-in is over, even for the right code`, async () => {
    const owner = await signUpAndVerify(portal, 'burst@example.test', STRONG_PASSWORD, { twoFactor: true })
    const userId = await userIdOf(owner)
    const { secret } = factorsOf(owner)
    const clients = await waitingSignIn('burst@example.test', 20)
    const answers = await Promise.all(clients.map((c) => c.json<{ code: string }>('/api/auth/two-factor/verify', { code: wrongTotpCode(secret) })))
    for (const a of answers) expect(a.status).toBe(401)
    expect(answers.filter((a) => a.body.code === 'INVALID_CODE').length).toBeLessThan(authLimits.codeChecksPerSignIn)
    expect(await checkedWrong(userId)).toBeLessThanOrEqual(authLimits.codeChecksPerSignIn)
    const late = await clients[0]!.json<{ code: string }>('/api/auth/two-factor/verify', { code: await nextTotpCode(secret) })
    expect(late.status).toBe(401)
    expect(late.body.code).toBe('SIGN_IN_AGAIN')
  })

  it(`bursts over several sign-ins: at most ${authLimits.wrongSecondFactorsPerAccount.limit} wrong codes an hour are checked for the account; then a stranger's browser is refused and the owner's is not`, async () => {
    const owner = await signUpAndVerify(portal, 'many@example.test', STRONG_PASSWORD, { twoFactor: true })
    const userId = await userIdOf(owner)
    const { secret } = factorsOf(owner)
    for (let round = 0; round < 4; round++) {
      const clients = await waitingSignIn('many@example.test', 8)
      await Promise.all(clients.map((c) => c.json('/api/auth/two-factor/verify', { code: wrongTotpCode(secret) })))
    }
    expect(await checkedWrong(userId)).toBe(authLimits.wrongSecondFactorsPerAccount.limit)

    const [stranger] = await waitingSignIn('many@example.test', 1)
    const refused = await stranger!.json<{ code: string }>('/api/auth/two-factor/verify', { code: await nextTotpCode(secret) })
    expect(refused.status).toBe(429)
    expect(await checkedWrong(userId)).toBe(authLimits.wrongSecondFactorsPerAccount.limit)

    // The owner's own browser (it signed in to the account before) is still checked, and gets in.
    const ownBrowser = new HttpClient(portal.url, {}, { localAddress: `127.0.2.${address++}` })
    for (const [name, value] of owner.cookies) if (name.includes('known_device')) ownBrowser.cookies.set(name, value)
    expect((await ownBrowser.json('/api/auth/sign-in/email', { email: 'many@example.test', password: STRONG_PASSWORD })).body).toEqual({ twoFactorRedirect: true })
    expect((await ownBrowser.json('/api/auth/two-factor/verify', { code: await nextTotpCode(secret) })).status).toBe(200)
  })
})
