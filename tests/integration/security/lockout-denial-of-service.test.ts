import { and, eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_UNDER_ATTACK_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '../../../lib/auth-schema'
import { signInDelays } from '../../../server/db/schema'
import { STRONG_PASSWORD, signUpAndVerify } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * Locking an account after a few wrong passwords hands every stranger a way to lock its owner out.
 * Brute force is slowed per (account, address), per address and, past a ceiling, per account, while
 * the owner's right password from an address that has not failed keeps working.
 */
describe('lockout without denial of service', () => {
  const portal = portalServerForSuite()
  let address = 10
  const clientAt = (ip: string) => new HttpClient(portal.url, {}, { localAddress: ip })
  const freshAddress = () => `127.0.2.${address++}`
  /** Signs up an account for `email` and gives a client at an address that has not failed yet, and that address. */
  const accountAndFreshClient = async (email: string) => {
    await signUpAndVerify(portal, email)
    const ip = freshAddress()
    return { ip, client: clientAt(ip) }
  }
  const signIn = (client: HttpClient, email: string, password: string) => client.json<{ message: string }>('/api/auth/sign-in/email', { email, password })
  /** Rewrites what the server remembers of an (account, address) pair's failures, as time passing would. */
  const rememberOfPair = (email: string, ip: string, values: PgUpdateSetSource<typeof signInDelays>) =>
    portal.server.ctx.db
      .update(signInDelays)
      .set(values)
      .where(and(eq(signInDelays.account, email), eq(signInDelays.clientIp, ip)))
  /** Lets the wait of an (account, address) pair pass, as an hour of real time would. */
  const endWait = (email: string, ip: string) => rememberOfPair(email, ip, { nextAttemptAt: sql`now() - interval '1 second'` })

  it("an attacker's wrong passwords do not lock the owner out: the right password from another address signs in", async () => {
    const email = 'target@example.test'
    await signUpAndVerify(portal, email)
    const attacker = clientAt(freshAddress())
    for (let i = 0; i < 3; i++) expect((await signIn(attacker, email, `Wr0ng!guess${i}`)).status).toBe(401)
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, email, `Wr0ng!more${i}`)).status).toBe(429)
    const owner = clientAt(freshAddress())
    expect((await signIn(owner, email, STRONG_PASSWORD)).status).toBe(200)
  })

  it("the attacker's address waits 1 minute after the 3rd failure, doubling with each further failure", async () => {
    const email = 'doubling@example.test'
    const { ip, client: attacker } = await accountAndFreshClient(email)
    for (let i = 0; i < 3; i++) expect((await signIn(attacker, email, `Wr0ng!first${i}`)).status).toBe(401)
    const waits: number[] = []
    for (let round = 0; round < 4; round++) {
      const refused = await attacker.post('/api/auth/sign-in/email', { email, password: `Wr0ng!round${round}` })
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE)
      waits.push(Number(refused.headers.get('retry-after')))
      await endWait(email, ip)
      expect((await signIn(attacker, email, `Wr0ng!after${round}`)).status).toBe(401)
    }
    // 60 s, then 120, 240, 480 (each within the second of the answer).
    expect(waits.map((w) => Math.round(w / 60))).toEqual([1, 2, 4, 8])
    // Even the right password waits: the wait is reserved before any password is checked.
    expect((await signIn(attacker, email, STRONG_PASSWORD)).status).toBe(429)
  })

  it('the wait is capped at one hour', async () => {
    const email = 'capped@example.test'
    const ip = freshAddress()
    const attacker = clientAt(ip)
    for (let i = 0; i < 3; i++) await signIn(attacker, email, `Wr0ng!cap${i}`)
    await rememberOfPair(email, ip, { failures: 20, nextAttemptAt: sql`now() - interval '1 second'` })
    expect((await signIn(attacker, email, 'Wr0ng!capped')).status).toBe(401)
    const refused = await attacker.post('/api/auth/sign-in/email', { email, password: 'Wr0ng!again' })
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500)
  })

  it('a right password from the pair clears its failures, and failures older than 24 hours are forgotten', async () => {
    const email = 'typo@example.test'
    const { ip, client: owner } = await accountAndFreshClient(email)
    for (let i = 0; i < 2; i++) expect((await signIn(owner, email, `Wr0ng!typo${i}`)).status).toBe(401)
    expect((await signIn(owner, email, STRONG_PASSWORD)).status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await signIn(owner, email, `Wr0ng!again${i}`)).status).toBe(401)
    expect((await signIn(owner, email, STRONG_PASSWORD)).status).toBe(429)
    await rememberOfPair(email, ip, { lastFailureAt: sql`now() - interval '25 hours'` })
    expect((await signIn(owner, email, STRONG_PASSWORD)).status).toBe(200)
  })

  it('password spraying: 20 failures from one address across accounts stop that address, not the others', async () => {
    const sprayer = clientAt(freshAddress())
    for (let i = 0; i < 20; i++) expect((await signIn(sprayer, `spray${i}@example.test`, 'Spr4y!password')).status).toBe(401)
    const blocked = await signIn(sprayer, 'spray20@example.test', 'Spr4y!password')
    expect(blocked.status).toBe(429)
    await signUpAndVerify(portal, 'sprayed@example.test')
    expect((await signIn(sprayer, 'sprayed@example.test', STRONG_PASSWORD)).status).toBe(429)
    expect((await signIn(clientAt(freshAddress()), 'sprayed@example.test', STRONG_PASSWORD)).status).toBe(200)
  })

  it('past the account ceiling (30 failures in an hour from many addresses) a known device still signs in and a fresh address does not', async () => {
    const email = 'besieged@example.test'
    await signUpAndVerify(portal, email)
    // The owner's browser signed in once before the attack: it carries the known-device cookie.
    const ownerBrowser = clientAt(freshAddress())
    expect((await signIn(ownerBrowser, email, STRONG_PASSWORD)).status).toBe(200)
    const device = [...ownerBrowser.cookies].find(([name]) => name.endsWith('known_device'))
    expect(device).toBeDefined()
    // A distributed attack: ten addresses, three wrong passwords each.
    for (let a = 0; a < 10; a++) {
      const bot = clientAt(freshAddress())
      for (let i = 0; i < 3; i++) expect((await signIn(bot, email, `Wr0ng!bot${a}-${i}`)).status).toBe(401)
    }
    const stranger = await signIn(clientAt(freshAddress()), email, STRONG_PASSWORD)
    expect(stranger.status).toBe(429)
    expect(stranger.body.message).toBe(ACCOUNT_UNDER_ATTACK_MESSAGE)
    // The owner's browser, now on another network, with its cookie jar (the session cookie dropped).
    const traveller = clientAt(freshAddress())
    traveller.cookies.set(device![0], device![1])
    expect((await signIn(traveller, email, STRONG_PASSWORD)).status).toBe(200)
    // A forged cookie is no known device.
    const forger = clientAt(freshAddress())
    forger.cookies.set(device![0], device![1].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
    expect((await signIn(forger, email, STRONG_PASSWORD)).status).toBe(429)
  })

  it('the known-device cookie is httpOnly, limited to /api/auth and long-lived', async () => {
    const email = 'cookie@example.test'
    await signUpAndVerify(portal, email)
    const res = await clientAt(freshAddress()).post('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mwk.known_device='))!
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; Path=\/api\/auth/)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeGreaterThanOrEqual(180 * 86_400)
  })
})
