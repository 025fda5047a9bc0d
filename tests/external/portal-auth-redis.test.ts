import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/auth-schema'
import { SYSTEM_REDIS_URL } from '../integration/platform/support/scratch-database'
import { signUpAndVerify, STRONG_PASSWORD } from '../integration/portal/support/accounts'
import { HttpClient } from '../integration/portal/support/http-client'
import { startPortalServer, type PortalServer } from '../integration/portal/support/portal-server'

// With REDIS_URL the sign-in limits live in Redis, shared by every instance and kept across restarts.
describe('sign-in limits in Redis', () => {
  let portal: PortalServer
  let redis: Redis
  const email = `redis-${randomBytes(4).toString('hex')}@example.test`
  beforeAll(async () => {
    redis = new Redis(SYSTEM_REDIS_URL)
    portal = await startPortalServer({ REDIS_URL: SYSTEM_REDIS_URL })
  })
  afterAll(async () => {
    await portal?.close()
    await redis?.del(`rl:auth-fail:acct:${email}`, `rl:auth-code:acct:${email}`)
    redis?.disconnect()
  })

  it('counts wrong passwords per account in Redis and answers 429 on the 4th', async () => {
    await signUpAndVerify(portal, email)
    for (let i = 0; i < 3; i++) {
      expect((await new HttpClient(portal.url).json('/api/auth/sign-in/email', { email, password: `Wr0ng!pass${i}` })).status).toBe(401)
    }
    expect(await redis.get(`rl:auth-fail:acct:${email}`)).toBe('3')
    const fourth = await new HttpClient(portal.url).json<{ message: string }>('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })
    expect(fourth).toEqual({ status: 429, body: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS_MESSAGE } })
  })
})
