import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionUser } from '../integration/chat/support/auth-session'
import type { TestServer } from '../setup/test-server'
import { startTwoInstances, type TwoInstances } from './support/two-instances'

// Each instance remembers resolved sessions and API tokens for a few seconds; a change made anywhere
// (another instance, the admin command, SQL) must still count at once everywhere: PostgreSQL announces
// it and every instance forgets that user.
describe('sessions and tokens remembered by an instance, forgotten when they change anywhere', { timeout: 120_000 }, () => {
  let instances: TwoInstances
  let db: pg.Pool
  let one: TestServer
  let two: TestServer
  let user: SessionUser

  beforeAll(async () => {
    instances = await startTwoInstances({ AUTH_SECRET: 'actor-cache-test-secret-0123456789abcdef' }, `cached-${Date.now()}@example.com`)
    ;({ one, two, db, user } = instances)
  })
  afterAll(async () => {
    await instances?.close()
  })

  const session = async (server: TestServer, headers: Record<string, string>) =>
    ((await (await fetch(`${server.url}/api/session`, { headers })).json()) as { user: { email: string; isAdmin: boolean } | null }).user
  // The other instance hears the database's announcement within milliseconds; a second is room to spare.
  const soon = { timeout: 1000, interval: 20 }

  it('a group granted in the database counts on every instance', async () => {
    const cookie = { cookie: user.cookie }
    // Admin rights need a session signed in with a second factor; this session counts as one, so the
    // group alone decides here.
    await db.query(`UPDATE session SET second_factor = 'totp' WHERE user_id = $1`, [user.id])
    for (const server of [one, two, one, two]) expect(await session(server, cookie)).toMatchObject({ isAdmin: false })
    await db.query(`UPDATE "user" SET groups = ARRAY['Admins'] WHERE id = $1`, [user.id])
    for (const server of [one, two]) await expect.poll(async () => (await session(server, cookie))?.isAdmin, soon).toBe(true)
    await db.query(`UPDATE "user" SET groups = ARRAY[]::text[] WHERE id = $1`, [user.id])
    for (const server of [one, two]) await expect.poll(async () => (await session(server, cookie))?.isAdmin, soon).toBe(false)
  })

  it('an API token revoked through one instance is refused by the other', async () => {
    const created = await fetch(`${one.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: one.url },
      body: JSON.stringify({ query: 'mutation { createApiToken(name: "script") { id token } }' }),
    })
    const { id, token } = ((await created.json()) as { data: { createApiToken: { id: string; token: string } } }).data.createApiToken
    const bearer = { authorization: `Bearer ${token}` }
    for (let i = 0; i < 3; i++) expect(await session(two, bearer)).toMatchObject({ email: user.email })
    const revoked = await fetch(`${one.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: one.url },
      body: JSON.stringify({ query: 'mutation($id: ID!) { revokeApiToken(id: $id) }', variables: { id } }),
    })
    expect(((await revoked.json()) as { errors?: unknown }).errors).toBeUndefined()
    await expect.poll(() => session(two, bearer), soon).toBeNull()
  })

  it('a session signed out on one instance is refused by the other (and at once by the first)', async () => {
    const cookie = { cookie: user.cookie }
    for (const server of [one, two, one, two]) expect(await session(server, cookie)).toMatchObject({ email: user.email })
    const out = await fetch(`${one.url}/api/auth/sign-out`, { method: 'POST', headers: { 'content-type': 'application/json', origin: one.url, cookie: user.cookie }, body: '{}' })
    expect(out.status).toBe(200)
    expect(await session(one, cookie)).toBeNull()
    await expect.poll(() => session(two, cookie), soon).toBeNull()
  })
})
