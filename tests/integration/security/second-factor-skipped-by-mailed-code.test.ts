import { describe, expect, it } from 'vitest'
import { signUpAndVerify, STRONG_PASSWORD, verifyByMailedCode } from '../portal/support/accounts'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * Someone who reads the owner's mailbox asks for a verification code for an account that is already
 * verified, and signs in with it (the auth library signs in after any verification). With two-factor
 * sign-in on, that sign-in must wait for the second factor like a password's.
 */
describe('skipping the second factor with a mailed code', () => {
  const portal = portalServerForSuite()

  it('gets no session from a verification code alone', async () => {
    await signUpAndVerify(portal, 'mailbox@example.test', STRONG_PASSWORD, { twoFactor: true })
    const { client: intruder, answer } = await verifyByMailedCode(portal, 'mailbox@example.test', 'Any0ther!Passw0rd')
    expect(answer.body).toEqual({ twoFactorRedirect: true })
    expect(((await (await intruder.fetch('/api/session')).json()) as { user: unknown }).user).toBeNull()
    expect((await intruder.gql('{ profile { userId } }')).errors?.[0]?.message).toBe('Unauthorized')
  })
})
