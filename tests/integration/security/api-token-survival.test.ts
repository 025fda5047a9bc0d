import { describe, expect, it } from 'vitest'
import { requestResetCode, STRONG_PASSWORD, signUpAndVerify } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

interface NewToken {
  id: string
  token: string
  expiresAt: string | null
}

/**
 * A token that outlives the password it was minted under keeps a thief in after the owner changed it;
 * a token without an end keeps working long after it is forgotten.
 */
describe('API tokens that outlive a password or never end', () => {
  const portal = portalServerForSuite()

  const mint = async (client: HttpClient, expiresInDays?: number) => {
    const result = await client.gql<{ createApiToken: NewToken }>('mutation($d: Int) { createApiToken(name: "script", expiresInDays: $d) { id token expiresAt } }', {
      d: expiresInDays ?? null,
    })
    expect(result.errors).toBeUndefined()
    return result.data!.createApiToken
  }
  const works = async (token: string) => {
    const res = await new HttpClient(portal.url, { authorization: `Bearer ${token}` }).fetch('/api/session')
    return ((await res.json()) as { user: unknown }).user !== null
  }
  const daysFromNow = (iso: string | null) => Math.round((new Date(iso!).getTime() - Date.now()) / 86_400_000)

  it('a token made without a lifetime ends after 90 days; a longer one is cut to 365', async () => {
    const client = await signUpAndVerify(portal, 'lifetime@example.test')
    expect(daysFromNow((await mint(client)).expiresAt)).toBe(90)
    expect(daysFromNow((await mint(client, 7)).expiresAt)).toBe(7)
    expect(daysFromNow((await mint(client, 5000)).expiresAt)).toBe(365)
    const listed = await client.gql<{ apiTokens: { expiresAt: string | null }[] }>('{ apiTokens { expiresAt } }')
    expect(listed.data!.apiTokens.every((t) => t.expiresAt !== null)).toBe(true)
    const zero = await client.gql('mutation { createApiToken(name: "never", expiresInDays: 0) { id } }')
    expect(zero.errors?.[0]?.message).toBe('expiresInDays must be at least 1')
  })

  it('changing the password revokes every API token of the account', async () => {
    const client = await signUpAndVerify(portal, 'rekey-tokens@example.test')
    const { token } = await mint(client)
    expect(await works(token)).toBe(true)
    expect((await client.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Password', revokeOtherSessions: true })).status).toBe(200)
    expect(await works(token)).toBe(false)
  })

  it('resetting the password by a mailed code revokes every API token of the account', async () => {
    const email = 'reset-tokens@example.test'
    const client = await signUpAndVerify(portal, email)
    const { token } = await mint(client)
    const otp = await requestResetCode(portal, email)
    expect((await new HttpClient(portal.url).json('/api/auth/email-otp/reset-password', { email, otp, password: 'N3w!Password' })).status).toBe(200)
    expect(await works(token)).toBe(false)
  })

  it('changing the sign-in email revokes every API token of the account', async () => {
    const client = await signUpAndVerify(portal, 'move-tokens@example.test')
    const { token } = await mint(client)
    expect((await client.json('/api/auth/email-otp/request-email-change', { newEmail: 'moved-tokens@example.test', currentPassword: STRONG_PASSWORD })).status).toBe(200)
    const otp = await portal.waitForCode('moved-tokens@example.test')
    expect((await client.json('/api/auth/email-otp/change-email', { newEmail: 'moved-tokens@example.test', otp })).status).toBe(200)
    expect(await works(token)).toBe(false)
  })

  it("revoking is for the token's owner only: another client is refused and sees none of them", async () => {
    const owner = await signUpAndVerify(portal, 'keeper@example.test')
    const other = await signUpAndVerify(portal, 'nosy@example.test')
    const { id, token } = await mint(owner)
    const refused = await other.gql('mutation($id: ID!) { revokeApiToken(id: $id) }', { id })
    expect(refused.errors?.[0]?.message).toBe('Unauthorized')
    expect(await works(token)).toBe(true)
    const listed = await other.gql<{ apiTokens: unknown[] }>('{ apiTokens { id } }')
    expect(listed.data!.apiTokens).toEqual([])
  })
})
