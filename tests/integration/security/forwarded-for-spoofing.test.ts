import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions, users } from '../../../server/db/schema'
import { CONTACT_RATE_LIMIT } from '../../../server/services/contacts/create-contact'
import { signUpAndVerify } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite, type PortalServer } from '../portal/support/portal-server'
import { serverEntry } from '../../setup/server-entry'

const root = path.resolve(import.meta.dirname, '../../..')

/** The no-JS contact form, posted as a browser on the site would, with a chosen X-Forwarded-For. */
async function sendContact(portal: PortalServer, forwardedFor: string, n: number) {
  const res = await fetch(`${portal.url}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url, 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ name: 'Forwarded Tester', email: `sender${n}@example.com`, message: 'Checking which address the limit counts.' }),
  })
  await res.arrayBuffer()
  return res.status
}

/** Signs `email` in afresh on `client` (its cookies dropped first), sending a chosen X-Forwarded-For. */
function signInForwardedFor(client: HttpClient, email: string, forwardedFor: string) {
  client.cookies.clear()
  return client.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password: 'Str0ng!Passw0rd' }),
  })
}

/** The address better-auth recorded for the newest session of `email`. */
async function sessionAddressOf(portal: PortalServer, email: string) {
  const [row] = await portal.server.ctx.db
    .select({ ip: sessions.ipAddress })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(desc(sessions.createdAt))
    .limit(1)
  return row?.ip
}

describe('X-Forwarded-For from a peer that is not a trusted proxy (TRUSTED_PROXIES unset)', () => {
  const portal = portalServerForSuite()

  it('a visitor who makes up a new X-Forwarded-For for each message still hits the per-address contact limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i <= CONTACT_RATE_LIMIT.limit; i++) statuses.push(await sendContact(portal, `198.51.100.${i + 1}`, i))
    expect(statuses.slice(0, CONTACT_RATE_LIMIT.limit).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('a made-up X-Forwarded-For is not recorded as the address of the session it signs in', async () => {
    const email = 'spoofer@example.test'
    await signUpAndVerify(portal, email)
    const client = await signUpAndVerify(portal, 'other@example.test')
    const signIn = await signInForwardedFor(client, email, '203.0.113.66')
    expect(signIn.status).toBe(200)
    expect(await sessionAddressOf(portal, email)).toBe('127.0.0.1')
  })
})

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  const portal = portalServerForSuite({ TRUSTED_PROXIES: '127.0.0.1' })

  it('two visitors behind the proxy have separate contact limits, and a made-up leftmost entry does not move either', async () => {
    const first: number[] = []
    // The proxy appends the address it saw; whatever the visitor wrote before it is ignored.
    for (let i = 0; i <= CONTACT_RATE_LIMIT.limit; i++) first.push(await sendContact(portal, `6.6.6.${i}, 198.51.100.7`, i))
    expect(first.slice(0, CONTACT_RATE_LIMIT.limit).every((s) => s === 200)).toBe(true)
    expect(first.at(-1)).toBe(429)
    // Another visitor through the same proxy is not held by the first one's limit.
    expect(await sendContact(portal, '198.51.100.8', 99)).toBe(200)
  })

  it('records the visitor address the proxy forwarded as the session address', async () => {
    const email = 'proxied@example.test'
    const client = await signUpAndVerify(portal, email)
    const signIn = await signInForwardedFor(client, email, '203.0.113.66')
    expect(signIn.status).toBe(200)
    expect(await sessionAddressOf(portal, email)).toBe('203.0.113.66')
  })
})

describe('TRUSTED_PROXIES configuration', () => {
  it('a value that is not an address or CIDR range stops the server at start, naming the variable', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proxies-'))
    const result = spawnSync(process.execPath, [serverEntry], {
      cwd: root,
      // Were the value accepted, the server would start: a directory of its own, and a bounded wait.
      env: { ...process.env, TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    })
    rmSync(dataDir, { recursive: true, force: true })
    expect(result.status).toBe(78)
    expect(result.stderr).toContain('TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range')
  })
})
