import { describe, expect, it } from 'vitest'
import { STRONG_PASSWORD } from './support/accounts'
import { HttpClient } from './support/http-client'
import { portalServerForSuite } from './support/portal-server'

describe('session cookies behind an https PUBLIC_URL', () => {
  const portal = portalServerForSuite({ PUBLIC_URL: 'https://portal.example.test' })

  it('marks the session cookie Secure, httpOnly and SameSite', async () => {
    const client = new HttpClient(portal.url, { origin: 'https://portal.example.test' })
    const email = 'secure@example.test'
    expect((await client.json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'secure' })).status).toBe(200)
    const otp = await portal.waitForCode(email)
    const res = await client.post('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD })
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!
    expect(cookie).toMatch(/^__Secure-mwk\.session_token=/)
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('refuses a state-changing request with the session cookie from another origin', async () => {
    const client = new HttpClient(portal.url, { origin: 'https://portal.example.test' })
    expect((await client.json('/api/auth/sign-in/email', { email: 'secure@example.test', password: STRONG_PASSWORD })).status).toBe(200)
    const evil = new HttpClient(portal.url, { origin: 'https://evil.example' })
    for (const [k, v] of client.cookies) evil.cookies.set(k, v)
    const res = await evil.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Ev1l!Password' })
    expect(res.status).toBe(403)
  })
})
