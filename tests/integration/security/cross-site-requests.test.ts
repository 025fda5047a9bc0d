import { count } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { contacts } from '../../../server/db/schema'
import { signUpAndVerify } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite, type PortalServer } from '../portal/support/portal-server'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { encodeMetadata, PNG_1PX, tusUpload } from '../portal/support/tus-upload'

const EVIL = 'https://evil.example'
const nicknameQuery = '{ me { attributes { nickname } } }'

/** A request as the victim's browser sends it for a page on another site: the victim's cookies, that site's Origin. */
function asVictimFrom(client: HttpClient, origin: string | undefined, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('cookie', client.cookieHeader)
  if (origin) headers.set('origin', origin)
  return fetch(client.baseUrl + path, { ...init, headers, redirect: 'manual' })
}

async function nicknameOf(client: HttpClient) {
  const res = await client.gql<{ me: { attributes: { nickname: string | null } } }>(nicknameQuery)
  return res.data?.me.attributes.nickname
}

async function contactCount(portal: PortalServer) {
  const [row] = await portal.server.ctx.db.select({ n: count() }).from(contacts)
  return row!.n
}

describe('cross-site requests (PUBLIC_URL unset: the site is the origin the request was addressed to)', () => {
  const { portal, accounts } = portalWithAccounts({}, { victim: 'victim@example.test' })

  it('a page on another site cannot run a GraphQL mutation with the visitor’s cookie (403, nothing changes)', async () => {
    const res = await asVictimFrom(accounts.victim, EVIL, '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { updateProfile(input: { nickname: "pwned" }) { userId } }' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toBe('Cross-site request refused')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(await nicknameOf(accounts.victim)).not.toBe('pwned')
  })

  it('a form on another site cannot post a form-encoded mutation to /graphql, with or without cookies (415)', async () => {
    const before = await contactCount(portal)
    const form = new URLSearchParams({ query: 'mutation { createContact(input: { name: "Form Post", email: "form@example.com", message: "Sent by a form on another site." }) { id } }' })
    const withCookie = await asVictimFrom(accounts.victim, EVIL, '/graphql', { method: 'POST', body: form })
    expect(withCookie.status).toBe(403)
    const guest = await fetch(`${portal.url}/graphql`, { method: 'POST', headers: { origin: EVIL }, body: form })
    expect(guest.status).toBe(415)
    const multipart = new FormData()
    multipart.set('operations', JSON.stringify({ query: 'mutation { createContact(input: { name: "Form Post", email: "form@example.com", message: "Sent as multipart." }) { id } }' }))
    multipart.set('map', '{}')
    const asMultipart = await fetch(`${portal.url}/graphql`, { method: 'POST', body: multipart })
    expect(asMultipart.status).toBe(415)
    const asText = await fetch(`${portal.url}/graphql`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: '{ me { userId } }' }) })
    expect(asText.status).toBe(415)
    // Even the site's own origin must send JSON.
    const sameSite = await accounts.victim.fetch('/graphql', { method: 'POST', body: form })
    expect(sameSite.status).toBe(415)
    expect((await sameSite.json()).errors[0].message).toBe('Send the query as JSON (Content-Type: application/json)')
    expect(await contactCount(portal)).toBe(before)
  })

  it('CORS grants credentials to the site’s own origin only; other origins get answers without them', async () => {
    const preflight = (origin: string) =>
      fetch(`${portal.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
      })
    const foreign = await preflight(EVIL)
    expect(foreign.status).toBe(204)
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull()
    expect(foreign.headers.get('access-control-allow-headers')).toMatch(/authorization/)
    const own = await preflight(portal.url)
    expect(own.headers.get('access-control-allow-origin')).toBe(portal.url)
    expect(own.headers.get('access-control-allow-credentials')).toBe('true')

    const foreignGet = await fetch(`${portal.url}/graphql?query=${encodeURIComponent('{ me { userId } }')}`, { headers: { origin: EVIL } })
    expect(foreignGet.status).toBe(200)
    expect(foreignGet.headers.get('access-control-allow-credentials')).toBeNull()
    const ownPost = await accounts.victim.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: nicknameQuery }) })
    expect(ownPost.headers.get('access-control-allow-origin')).toBe(portal.url)
    expect(ownPost.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('a JSON POST (answered without Yoga’s HTTP layer) gets the status, body and CORS headers Yoga gives the same query by GET', async () => {
    const corsOf = (res: Response) => {
      const found: Record<string, string> = {}
      res.headers.forEach((value, name) => {
        if (name.startsWith('access-control-')) found[name] = value
      })
      return { cors: found, variesByOrigin: /\borigin\b/i.test(res.headers.get('vary') ?? '') }
    }
    const cases = [
      { who: 'the site’s page, signed in', origin: portal.url, cookie: accounts.victim.cookieHeader, query: nicknameQuery },
      { who: 'another site, as a guest', origin: EVIL, cookie: undefined, query: '{ listJobRequests { id } }' },
      { who: 'no Origin, as a guest', origin: undefined, cookie: undefined, query: '{ me { userId } }' },
    ]
    for (const { who, origin, cookie, query } of cases) {
      const headers: Record<string, string> = { ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}) }
      const viaGet = await fetch(`${portal.url}/graphql?query=${encodeURIComponent(query)}`, { headers })
      const viaPost = await fetch(`${portal.url}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query }) })
      expect({ who, status: viaPost.status, type: viaPost.headers.get('content-type'), ...corsOf(viaPost) }).toEqual({
        who,
        status: viaGet.status,
        type: viaGet.headers.get('content-type'),
        ...corsOf(viaGet),
      })
      expect(await viaPost.json()).toEqual(await viaGet.json())
    }
  })

  it('an API-token script without cookies works from any origin, and its answer never allows credentials', async () => {
    const created = await accounts.victim.gql<{ createApiToken: { token: string } }>('mutation { createApiToken(name: "cross-site script") { token } }')
    const token = created.data!.createApiToken.token
    const res = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { origin: EVIL, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: '{ me { attributes { email } } }' }),
    })
    expect(res.status).toBe(200)
    expect((await res.json()).data.me.attributes.email).toBe('victim@example.test')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('every other path refuses a cookie with a foreign Origin: uploads, page actions, the auth API, session reads', async () => {
    const upload = await asVictimFrom(accounts.victim, EVIL, '/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(PNG_1PX.length), 'upload-metadata': encodeMetadata({ kind: 'user-box', filename: 'planted.png' }) },
    })
    expect(upload.status).toBe(403)
    expect(await upload.text()).toBe('Cross-site request refused')

    const profile = await asVictimFrom(accounts.victim, EVIL, '/profile', { method: 'POST', body: new URLSearchParams({ intent: 'update-details', nickname: 'pwned' }) })
    expect(profile.status).toBe(403)
    const profileData = await asVictimFrom(accounts.victim, EVIL, '/profile.data', { method: 'POST', body: new URLSearchParams({ intent: 'update-details', nickname: 'pwned' }) })
    expect(profileData.status).toBe(403)
    expect(await nicknameOf(accounts.victim)).not.toBe('pwned')

    const before = await contactCount(portal)
    const contact = await asVictimFrom(accounts.victim, EVIL, '/contact', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Cross Site', email: 'cross@example.com', message: 'Posted by a page on another site.' }),
    })
    expect(contact.status).toBe(403)
    expect(await contactCount(portal)).toBe(before)

    const signOut = await asVictimFrom(accounts.victim, EVIL, '/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(signOut.status).toBe(403)
    const session = await asVictimFrom(accounts.victim, EVIL, '/api/session')
    expect(session.status).toBe(403)
    // The visitor is still signed in: nothing above took effect.
    expect((await (await accounts.victim.fetch('/api/session')).json()).user?.email).toBe('victim@example.test')
  })

  it('a state-changing request with a cookie and no Origin at all is refused; reading a page that way is not', async () => {
    for (const [path, body] of [
      ['/profile', new URLSearchParams({ intent: 'update-details', nickname: 'pwned' })],
      ['/contact', new URLSearchParams({ name: 'No Origin', email: 'none@example.com', message: 'Posted without an Origin header.' })],
    ] as const) {
      const res = await asVictimFrom(accounts.victim, undefined, path, { method: 'POST', body })
      expect(res.status, path).toBe(403)
    }
    const graphql = await asVictimFrom(accounts.victim, undefined, '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: nicknameQuery }) })
    expect(graphql.status).toBe(403)
    const page = await asVictimFrom(accounts.victim, undefined, '/profile')
    expect(page.status).toBe(200)
  })

  it('the site’s own requests keep working: the no-JS contact form, a profile save, an upload, signing out', async () => {
    const contact = await accounts.victim.fetch('/contact', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Own Site', email: 'own@example.com', message: 'Posted from the site itself.' }),
    })
    expect(contact.status).toBe(200)
    const profile = await accounts.victim.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'update-details', nickname: 'Vic' }) })
    expect(profile.status).toBe(200)
    expect(await nicknameOf(accounts.victim)).toBe('Vic')
    const uploaded = await tusUpload(accounts.victim, PNG_1PX, { kind: 'user-box', filename: 'drawing.png', filetype: 'image/png' })
    expect(uploaded.status).toBe(204)
    const signOut = await accounts.victim.json('/api/auth/sign-out', {})
    expect(signOut.status).toBe(200)
  })
})

describe('cross-site requests with PUBLIC_URL set', () => {
  const publicUrl = 'https://www.meshwork.test'
  const portal = portalServerForSuite({ PUBLIC_URL: publicUrl })
  let user: HttpClient
  beforeAll(async () => {
    // The browser's Origin is the public address (the server is reached through a proxy in production).
    user = await signUpAndVerify(portal, 'public@example.test')
  }, 120_000)

  it('only PUBLIC_URL’s origin may send cookies: the address the request reached is not enough', async () => {
    const body = JSON.stringify({ query: nicknameQuery })
    const headers = { 'content-type': 'application/json' }
    const viaHost = await asVictimFrom(user, portal.url, '/graphql', { method: 'POST', headers, body })
    expect(viaHost.status).toBe(403)
    const viaPublic = await asVictimFrom(user, publicUrl, '/graphql', { method: 'POST', headers, body })
    expect(viaPublic.status).toBe(200)
    expect(viaPublic.headers.get('access-control-allow-origin')).toBe(publicUrl)
  })
})
