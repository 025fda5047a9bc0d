import { describe, expect, it } from 'vitest'
import { userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'

/**
 * "View as" turns an admin's browser into a client's read-only view. Its cookie must mean nothing
 * to anyone else: a client cannot forge one to see as another client, and an admin's cookie copied
 * into another session (even another admin's) is ignored there.
 */
describe('the view-as cookie cannot be forged or moved', () => {
  const { accounts } = portalWithAccounts(
    { ADMIN_EMAILS: 'view-admin@example.test,view-admin-2@example.test' },
    { alice: 'view-alice@example.test', bob: 'view-bob@example.test', admin: 'view-admin@example.test', admin2: 'view-admin-2@example.test' },
  )
  const sessionOf = async (c: HttpClient) => ((await (await c.fetch('/api/session')).json()) as { user: { email: string; isAdmin: boolean } | null }).user
  const viewAsCookie = (c: HttpClient) => c.cookies.get('mwk.view_as')

  it('a client who forges a cookie naming another client stays themselves', async () => {
    const bobId = await userIdOf(accounts.bob)
    accounts.alice.cookies.set('mwk.view_as', encodeURIComponent(`${bobId}.some-session.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`))
    expect(await sessionOf(accounts.alice)).toMatchObject({ email: 'view-alice@example.test' })
    // A client may not start it either.
    accounts.alice.cookies.delete('mwk.view_as')
    const started = await accounts.alice.fetch('/api/view-as', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: bobId }) })
    expect(started.status).toBe(403)
    expect(viewAsCookie(accounts.alice)).toBeUndefined()
  })

  it("an admin's cookie works in that admin's session only, and stopping ends it", async () => {
    const aliceId = await userIdOf(accounts.alice)
    const started = await accounts.admin.fetch('/api/view-as', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: aliceId }) })
    expect(started.status).toBe(200)
    expect(await sessionOf(accounts.admin)).toMatchObject({ email: 'view-alice@example.test', isAdmin: false })
    const cookie = viewAsCookie(accounts.admin)!
    // Copied into another admin's session: nothing changes there (and that browser is read-only until it drops the cookie).
    accounts.admin2.cookies.set('mwk.view_as', cookie)
    expect(await sessionOf(accounts.admin2)).toMatchObject({ email: 'view-admin-2@example.test', isAdmin: true })
    accounts.admin2.cookies.delete('mwk.view_as')
    await accounts.admin.fetch('/api/view-as/stop', { method: 'POST' })
    expect(viewAsCookie(accounts.admin)).toBeUndefined()
    expect(await sessionOf(accounts.admin)).toMatchObject({ email: 'view-admin@example.test', isAdmin: true })
  })
})
