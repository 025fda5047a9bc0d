import { Writable } from 'node:stream'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contacts } from '../../../server/db/schema'
import { createLogger } from '../../../server/core/logger'
import { wsClient } from '../chat/support/graphql-clients'
import { signUpAndVerify } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { startPortalServer, type PortalServer } from '../portal/support/portal-server'

const MESSAGE = 'Invalid characters in input'
/** Personal data the requests below carry: none of it may reach the log at error level. */
const NAME = 'Nadia Nullbyte'
const EMAIL = 'nadia.nullbyte@example.com'
const TEXT = 'A message about a stress analysis of a bracket.'

/** The same bad text, three ways: a NUL character, a lone surrogate (as JSON escapes), and bytes that are not UTF-8. */
const nul = `${NAME}\u0000`
const loneSurrogate = `${NAME}\ud800`

describe('text no field accepts (NUL, lone surrogates, invalid UTF-8), on every entry point', () => {
  let portal: PortalServer
  let user: HttpClient
  const logLines: string[] = []
  const errorLines = () => logLines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)
  beforeAll(async () => {
    const log = createLogger('info', new Writable({ write: (chunk: Buffer, _e, done) => (logLines.push(...chunk.toString().split('\n').filter(Boolean)), done()) }))
    portal = await startPortalServer({}, { log })
    user = await signUpAndVerify(portal, 'texts@example.test')
  })
  afterAll(async () => {
    await portal?.close()
  })

  const contactCount = async () => (await portal.server.ctx.db.select({ n: count() }).from(contacts))[0]!.n

  it('GraphQL variables: 400 with the GraphQL error "Invalid characters in input"', async () => {
    const before = await contactCount()
    const query = 'mutation ($input: CreateContactInput!) { createContact(input: $input) { id } }'
    const bodies = [
      JSON.stringify({ query, variables: { input: { name: nul, email: EMAIL, message: TEXT } } }),
      JSON.stringify({ query, variables: { input: { name: loneSurrogate, email: EMAIL, message: TEXT } } }),
      Buffer.concat([Buffer.from(`{"query":${JSON.stringify(query)},"variables":{"input":{"name":"${NAME}`), Buffer.from([0xff, 0xfe]), Buffer.from(`","email":"${EMAIL}","message":"${TEXT}"}}}`)]),
    ]
    for (const body of bodies) {
      const res = await user.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(Buffer.from(body)) })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ errors: [{ message: MESSAGE, extensions: { code: 'BAD_REQUEST' } }] })
    }
    const profile = await user.gql('mutation ($n: String) { updateProfile(input: { nickname: $n }) { userId } }', { n: 'Nick\u0000' })
    expect(profile.errors?.[0]?.message).toBe(MESSAGE)
    expect(await contactCount()).toBe(before)
  })

  it('GraphQL over the WebSocket: the operation is refused with the same message', async () => {
    const before = await contactCount()
    const client = wsClient(portal.url, null)
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'mutation ($input: CreateContactInput!) { createContact(input: $input) { id } }', variables: { input: { name: nul, email: EMAIL, message: TEXT } } },
          { next: (value) => resolve(value), error: (error) => resolve({ error }), complete: () => {} },
        )
      })
      expect(outcome).toEqual({ error: [expect.objectContaining({ message: MESSAGE })] })
    } finally {
      await client.dispose()
    }
    expect(await contactCount()).toBe(before)
  })

  it('the auth API (JSON): 400 with { code, message }', async () => {
    const res = await user.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nul-signup@example.test', password: 'Str0ng!Passw0rd', name: nul }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'INVALID_CHARACTERS', message: MESSAGE })
    const surrogate = await user.fetch('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `a\udc00@example.test`, password: 'x' }) })
    expect(surrogate.status).toBe(400)
  })

  it('page form posts (/contact, /profile): 400 with a plain message', async () => {
    const before = await contactCount()
    // Percent-encoded: NUL, a UTF-8-encoded surrogate (not valid UTF-8), and a byte that starts no character.
    for (const bad of ['%00', '%ED%A0%80', '%FF']) {
      const contact = await user.fetch('/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `name=${encodeURIComponent(NAME)}${bad}&email=${encodeURIComponent(EMAIL)}&message=${encodeURIComponent(TEXT)}`,
      })
      expect(contact.status, bad).toBe(400)
      expect(contact.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await contact.text()).toBe(MESSAGE)
      const profile = await user.fetch('/profile.data', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `intent=update-details&nickname=Nick${bad}`,
      })
      expect(profile.status, bad).toBe(400)
    }
    const multipart = new FormData()
    multipart.set('intent', 'update-details')
    multipart.set('nickname', 'Nick\u0000')
    const asMultipart = await user.fetch('/profile', { method: 'POST', body: multipart })
    expect(asMultipart.status).toBe(400)
    expect(await contactCount()).toBe(before)
  })

  it('the address itself: a query string or path with NUL or undecodable bytes is refused', async () => {
    for (const path of ['/profile?client=%00', '/profile?client=%FF', '/files/user-box/a%00b.pdf', '/profile/documents?client=%ED%A0%80']) {
      const res = await user.fetch(path)
      expect(res.status, path).toBe(400)
      expect(await res.text()).toBe(MESSAGE)
    }
  })

  it('ordinary text in any language still goes through', async () => {
    const res = await user.fetch('/contact', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Zoë Ødegaard', email: 'zoe@example.com', message: 'Ein Angebot für eine FEM-Analyse, bitte.' }),
    })
    expect(res.status).toBe(200)
    const gql = await user.gql('mutation ($n: String) { updateProfile(input: { nickname: $n }) { attributes { nickname } } }', { n: 'Zoë 谢谢 😀' })
    expect(gql.errors).toBeUndefined()
  })

  it('logged no error with personal data for any of it; a real failed query is logged without its values', async () => {
    for (const line of errorLines()) for (const data of [NAME, EMAIL, TEXT, 'Nick']) expect(line).not.toContain(data)
    expect(errorLines()).toEqual([])
    // The database's own error for a NUL, reached without the edge check, as the server would log it.
    const failed = await portal.server.ctx.db
      .insert(contacts)
      .values({ name: nul, email: EMAIL, message: TEXT })
      .catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(Error)
    portal.server.ctx.log.error({ err: failed }, 'contact message could not be stored')
    const [line] = errorLines()
    expect(line).toContain('insert into \\"contact\\"')
    expect(line).toContain('params: [redacted]')
    for (const data of [NAME, EMAIL, TEXT]) expect(line).not.toContain(data)
  })
})
