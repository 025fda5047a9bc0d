import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/auth-schema'
import { signInDelays } from '../../server/db/schema'
import { SYSTEM_REDIS_URL } from '../integration/platform/support/scratch-database'
import { signUpAndVerify, STRONG_PASSWORD } from '../integration/portal/support/accounts'
import { HttpClient } from '../integration/portal/support/http-client'
import { startPortalServer, type PortalServer } from '../integration/portal/support/portal-server'

// With REDIS_URL the sign-in limits stay in PostgreSQL: sign-in needs the database anyway, each check
// is reserved in one atomic statement there, and the limits keep working while Redis is down.
describe('sign-in limits with REDIS_URL set', () => {
  let portal: PortalServer
  let redis: Redis
  const email = `redis-${randomBytes(4).toString('hex')}@example.test`
  beforeAll(async () => {
    redis = new Redis(SYSTEM_REDIS_URL)
    portal = await startPortalServer({ REDIS_URL: SYSTEM_REDIS_URL })
  })
  afterAll(async () => {
    await portal?.close()
    redis?.disconnect()
  })

  it('counts wrong passwords in PostgreSQL, not Redis, and makes the address wait after the 3rd', async () => {
    await signUpAndVerify(portal, email)
    const attacker = new HttpClient(portal.url, {}, { localAddress: '127.0.0.77' })
    for (let i = 0; i < 3; i++) {
      expect((await attacker.json('/api/auth/sign-in/email', { email, password: `Wr0ng!pass${i}` })).status).toBe(401)
    }
    const fourth = await attacker.json<{ message: string }>('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })
    expect(fourth).toEqual({ status: 429, body: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS_MESSAGE } })
    const [row] = await portal.server.ctx.db.select().from(signInDelays).where(eq(signInDelays.account, email))
    expect(row).toMatchObject({ clientIp: '127.0.0.77', failures: 3 })
    expect(await redis.keys(`*${email}*`)).toEqual([])
  })
})
