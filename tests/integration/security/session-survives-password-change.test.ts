import { describe, expect, it } from 'vitest'
import { requestResetCode, signIn, signUpAndVerify, STRONG_PASSWORD } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * A stolen session cookie (copied from a browser, or a session left open on a shared computer) must
 * die when the owner changes the password, whatever the browser that changed it asked for: the
 * change-password endpoint takes `revokeOtherSessions`, and a script or an old page may send false.
 */
describe('a session cookie from before a password change', () => {
  const portal = portalServerForSuite()

  /** What a request with only this cookie header gets: the session, GraphQL, the dashboard's list. */
  async function whatTheCookieOpens(cookie: string) {
    const headers = { cookie, origin: portal.url, 'content-type': 'application/json' }
    const session = ((await (await fetch(`${portal.url}/api/session`, { headers })).json()) as { user: unknown }).user
    const gql = (await (await fetch(`${portal.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: '{ profile { userId } }' }) })).json()) as { errors?: { message: string }[] }
    const documents = (await fetch(`${portal.url}/profile/documents`, { headers })).status
    return { session, gql: gql.errors?.[0]?.message ?? 'ok', documents }
  }

  it('is refused everywhere once the password changed, even when the change asked to keep other sessions', async () => {
    const owner = await signUpAndVerify(portal, 'owner@example.test')
    const thief = (await signIn(portal, 'owner@example.test')).client
    const stolen = thief.cookieHeader
    expect(await whatTheCookieOpens(stolen)).toEqual({ session: expect.objectContaining({ email: 'owner@example.test' }), gql: 'ok', documents: 200 })

    const changed = await owner.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Passw0rd', revokeOtherSessions: false })
    expect(changed.status).toBe(200)
    expect(await whatTheCookieOpens(stolen)).toEqual({ session: null, gql: 'Unauthorized', documents: 401 })
    expect(await whatTheCookieOpens(owner.cookieHeader)).toMatchObject({ gql: 'ok', documents: 200 })
  })

  it('is refused once the password was reset with a mailed code', async () => {
    await signUpAndVerify(portal, 'reset@example.test')
    const stolen = (await signIn(portal, 'reset@example.test')).client.cookieHeader
    const otp = await requestResetCode(portal, 'reset@example.test')
    expect((await new HttpClient(portal.url).json('/api/auth/email-otp/reset-password', { email: 'reset@example.test', otp, password: 'N3w!Passw0rd' })).status).toBe(200)
    expect(await whatTheCookieOpens(stolen)).toEqual({ session: null, gql: 'Unauthorized', documents: 401 })
  })
})
