import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LOGIN_EMAIL_STORED_HEADER } from '../../../lib/auth-constants'
import { outbox } from '../../../server/db/schema'
import { STRONG_PASSWORD, signUpAndVerify } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * A sign-in notification is recorded once per browser until it signs out: a browser that already
 * stored the login email says so, and its next sign-in is not notified again. Saying so must not let
 * someone who signs in with a stolen password from a browser of their own keep the sign-in out of
 * the activity log: the claim counts only with the account's known-device cookie.
 */
describe('a sign-in hidden from the activity log', () => {
  const portal = portalServerForSuite()
  const storedEmail = { [LOGIN_EMAIL_STORED_HEADER]: '1' }

  async function signInsRecorded(email: string): Promise<number> {
    const rows = await portal.server.ctx.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'activity'))
    return rows.map((r) => r.payload as { email?: string; action?: string }).filter((p) => p.email === email && p.action === 'Login').length
  }
  const signIn = async (client: HttpClient, email: string, headers: Record<string, string> = {}) => {
    const res = await client.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: STRONG_PASSWORD }),
    })
    expect(res.status).toBe(200)
  }
  /** The session ends (expired, or its cookie cleared) while the browser keeps its other cookies and storage. */
  const endSession = (client: HttpClient) => {
    for (const name of [...client.cookies.keys()]) if (name.startsWith('mwk.session')) client.cookies.delete(name)
  }

  it('a stranger with the password who claims the login email was stored is still recorded', async () => {
    const email = 'victim@example.test'
    await signUpAndVerify(portal, email)
    const before = await signInsRecorded(email)

    const stranger = new HttpClient(portal.url)
    await signIn(stranger, email, storedEmail)
    expect(await signInsRecorded(email)).toBe(before + 1)
  })

  it("the owner's browser that kept the login email is not notified again; after signing out it is", async () => {
    const email = 'owner@example.test'
    // Verifying the address signs the browser in: its first sign-in, recorded.
    const browser = await signUpAndVerify(portal, email)
    expect(await signInsRecorded(email)).toBe(1)

    // The session ended but the browser still holds the login email: signing in again is not news.
    endSession(browser)
    await signIn(browser, email, storedEmail)
    expect(await signInsRecorded(email)).toBe(1)

    // Signing out clears the stored email: the next sign-in is recorded.
    expect((await browser.json('/api/auth/sign-out', {})).status).toBe(200)
    await signIn(browser, email)
    expect(await signInsRecorded(email)).toBe(2)
  })
})
