import { describe, expect, it } from 'vitest'
import { site } from '../../../lib/site'
import { signUpAndVerify } from '../portal/support/accounts'
import { portalServerForSuite } from '../portal/support/portal-server'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'

const PUBLIC_URL = 'https://www.meshwork.test'

function expectSecurityHeaders(res: Response, { hsts }: { hsts: boolean }) {
  const where = `${res.status} ${res.url}`
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff')
  expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('x-frame-options'), where).toBe('SAMEORIGIN')
  const permissions = res.headers.get('permissions-policy') ?? ''
  for (const feature of ['geolocation=(self)', 'camera=()', 'microphone=()', 'payment=()', 'usb=()']) expect(permissions, where).toContain(feature)
  expect(res.headers.get('strict-transport-security'), where).toBe(hsts ? 'max-age=31536000; includeSubDomains' : null)
}

describe('security headers and security.txt with an https PUBLIC_URL', () => {
  const portal = portalServerForSuite({ PUBLIC_URL })

  it('every answer carries them, HSTS included: pages, the API, errors, refusals', async () => {
    for (const path of ['/', '/profile', '/no-such-page', '/healthz', '/api/session', '/assets/does-not-exist.js']) expectSecurityHeaders(await fetch(portal.url + path), { hsts: true })
    const refused = await fetch(`${portal.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: 'a=b', origin: 'https://evil.example' } })
    expect(refused.status).toBe(403)
    expectSecurityHeaders(refused, { hsts: true })
  })

  it('tus answers (served before Hono) carry the same headers', async () => {
    const preflight = await fetch(`${portal.url}/uploads`, { method: 'OPTIONS', headers: { origin: PUBLIC_URL, 'access-control-request-method': 'POST' } })
    expectSecurityHeaders(preflight, { hsts: true })
    const guest = await fetch(`${portal.url}/uploads`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': '' } })
    expect(guest.status).toBeGreaterThanOrEqual(400)
    expectSecurityHeaders(guest, { hsts: true })
    const missing = await fetch(`${portal.url}/uploads/no-such-upload`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })
    expect(missing.status).toBe(404)
    expectSecurityHeaders(missing, { hsts: true })
  })

  it('/.well-known/security.txt names the company’s email, expires a year ahead, and is canonical under PUBLIC_URL', async () => {
    const res = await fetch(`${portal.url}/.well-known/security.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await res.text()
    const fields = Object.fromEntries(
      text
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
    )
    expect(fields).toEqual({
      Contact: `mailto:${site.email}`,
      Expires: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      Canonical: `${PUBLIC_URL}/.well-known/security.txt`,
      'Preferred-Languages': 'en',
    })
    const days = (Date.parse(fields.Expires) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThan(367)
  })
})

describe('/healthz and headers without https', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'boss@example.test' }, { admin: 'boss@example.test' })

  it('sends no HSTS while the site is not served over https', async () => {
    expectSecurityHeaders(await fetch(`${portal.url}/`), { hsts: false })
  })

  it('shows guests and clients the service states without the database version; admins see it', async () => {
    const guest = await fetch(`${portal.url}/healthz`)
    expect(guest.status).toBe(200)
    const guestText = await guest.text()
    expect(guestText).not.toMatch(/PostgreSQL|version/i)
    // What the System Status panel reads is all there.
    expect(JSON.parse(guestText)).toMatchObject({ website: { up: true }, database: { reachable: true }, assistant: { up: true }, portal: { up: true } })
    const client = await signUpAndVerify(portal, 'client@example.test')
    expect(await (await client.fetch('/healthz')).text()).not.toMatch(/PostgreSQL/)
    const asAdmin = (await (await accounts.admin.fetch('/healthz')).json()) as { database: { version: string } }
    expect(asAdmin.database.version).toMatch(/^PostgreSQL 18\./)
  })
})
