import { availableParallelism } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../../lib/auth-schema'
import { passwordHashGate } from '../../../server/auth/password-hash'
import type { Auth } from '../../../server/auth/create-auth'
import { requestResetCode, STRONG_PASSWORD, signUpAndVerify } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * Guesses sent all at once: every password or code check is counted before it runs, so a burst gets
 * no more checks than the limits allow one after another, whatever the body encoding.
 */
describe('guessing codes and passwords under concurrency', () => {
  const portal = portalServerForSuite()
  let address = 10
  /** A client on a loopback address of its own, so each test starts with a clean per-address count. */
  const freshClient = () => new HttpClient(portal.url, {}, { localAddress: `127.0.1.${address++}` })

  it('20 concurrent wrong reset codes: at most 3 are checked, and the code is dead afterwards', async () => {
    const email = 'reset-burst@example.test'
    await signUpAndVerify(portal, email)
    const otp = await requestResetCode(portal, email, freshClient())
    const wrong = Array.from({ length: 20 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(
      wrong.map((code) => freshClient().json<{ code: string }>('/api/auth/email-otp/reset-password', { email, otp: code, password: 'N3w!Password' })),
    )
    // A checked wrong code answers 400 INVALID_OTP; the others were refused before any check.
    expect(answers.filter((a) => a.status === 400 && a.body.code === 'INVALID_OTP').length).toBeLessThanOrEqual(3)
    for (const a of answers) expect([400, 403, 429]).toContain(a.status)
    const late = await freshClient().json('/api/auth/email-otp/reset-password', { email, otp, password: 'N3w!Password' })
    expect(late.status).toBe(403)
    expect((await freshClient().json('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(200)
  })

  it('a new code gets its own three checks', async () => {
    const email = 'second-code@example.test'
    await signUpAndVerify(portal, email)
    const first = await requestResetCode(portal, email, freshClient())
    const notFirst = first === '000000' ? '111111' : '000000'
    for (let i = 0; i < 3; i++) await freshClient().json('/api/auth/email-otp/reset-password', { email, otp: notFirst, password: 'N3w!Password' })
    const second = await requestResetCode(portal, email, freshClient())
    const notSecond = second === '000000' ? '111111' : '000000'
    expect((await freshClient().json('/api/auth/email-otp/reset-password', { email, otp: notSecond, password: 'N3w!Password' })).status).toBe(400)
    expect((await freshClient().json('/api/auth/email-otp/reset-password', { email, otp: second, password: 'N3w!Password' })).status).toBe(200)
  })

  it('the code check that does not use the code up is off: it cannot confirm a reset code for later', async () => {
    const email = 'peek@example.test'
    await signUpAndVerify(portal, email)
    const otp = await requestResetCode(portal, email, freshClient())
    const peek = await freshClient().json('/api/auth/email-otp/check-verification-otp', { email, otp, type: 'forget-password' })
    expect(peek.status).toBe(404)
    expect((await freshClient().json('/api/auth/email-otp/reset-password', { email, otp, password: 'N3w!Password' })).status).toBe(200)
  })

  it('20 concurrent wrong passwords for one account from one address: at most 3 are checked', async () => {
    const email = 'password-burst@example.test'
    await signUpAndVerify(portal, email)
    const client = freshClient()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.json<{ message: string }>('/api/auth/sign-in/email', { email, password: `Wr0ng!burst${i}` })))
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(3)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused.length).toBeGreaterThanOrEqual(17)
    for (const r of refused) expect(r.body.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE)
  })

  it('a form-encoded sign-in is refused (415), so it cannot go around the wait of its address', async () => {
    const email = 'form@example.test'
    await signUpAndVerify(portal, email)
    const client = freshClient()
    for (let i = 0; i < 3; i++) expect((await client.json('/api/auth/sign-in/email', { email, password: `Wr0ng!form${i}` })).status).toBe(401)
    expect((await client.json('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(429)
    const form = await client.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: STRONG_PASSWORD }).toString(),
    })
    expect(form.status).toBe(415)
    expect(client.cookies.size).toBe(0)
    // Every other POST to /api/auth/* is held to JSON too.
    for (const path of ['/sign-up/email', '/email-otp/send-verification-otp', '/email-otp/reset-password', '/sign-out']) {
      const res = await client.fetch(`/api/auth${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ email }) })
      expect(res.status, path).toBe(415)
    }
  })

  describe('password hashing', () => {
    afterEach(() => {
      passwordHashGate.configure({ maxQueue: 32, maxWaitMs: 10_000 })
    })

    it('20 concurrent sign-ins hash at most max(1, cores / 2) passwords at once', async () => {
      const client = freshClient()
      passwordHashGate.resetPeak()
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => client.json('/api/auth/sign-in/email', { email: `nobody${i}@example.test`, password: `Wr0ng!hash${i}` })),
      )
      for (const a of answers) expect([401, 503]).toContain(a.status)
      expect(passwordHashGate.peak).toBeGreaterThanOrEqual(1)
      expect(passwordHashGate.peak).toBeLessThanOrEqual(Math.max(1, Math.floor(availableParallelism() / 2)))
    })

    it('a sign-in that finds the hashing queue full is answered 503 with Retry-After, not held', async () => {
      passwordHashGate.configure({ maxQueue: 1 })
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => freshClient().post('/api/auth/sign-in/email', { email: `queue${i}@example.test`, password: `Wr0ng!queue${i}` })),
      )
      const busy = answers.filter((r) => r.status === 503)
      expect(busy.length).toBeGreaterThan(0)
      for (const r of busy) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await r.json()).toEqual({ code: 'BUSY', message: 'The server is busy. Please try again in a few seconds.' })
      }
      for (const r of answers) expect([401, 503]).toContain(r.status)
    })
  })

  describe('code mails', () => {
    it('/send-verification-email cannot send unlimited mails', async () => {
      const email = 'link-spam@example.test'
      const client = freshClient()
      await client.json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'spam' })
      await portal.waitForCode(email)
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) statuses.push((await client.json('/api/auth/send-verification-email', { email })).status)
      await new Promise((r) => setTimeout(r, 500))
      expect(portal.mailsTo(email)).toBeLessThanOrEqual(5)
      expect(statuses.every((s) => s === 404 || s === 429)).toBe(true)
    })

    it.each([
      ['sign-up', '/api/auth/sign-up/email', (email: string) => ({ email, password: STRONG_PASSWORD, name: 'again' })],
      ['a new verification code', '/api/auth/email-otp/send-verification-otp', (email: string) => ({ email, type: 'email-verification' })],
      ['a reset code', '/api/auth/email-otp/request-password-reset', (email: string) => ({ email })],
    ])('%s: the 6th code mail to one address within 10 minutes is refused (429) and not sent', async (name, path, body) => {
      const email = `mails-${name.replace(/\W+/g, '-')}@example.test`
      await new HttpClient(portal.url).json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'mails' })
      await portal.waitForCode(email)
      // The sign-up above was the first of five; each of these comes from another address.
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await freshClient().json(path, body(email))).status)
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
      await expect.poll(() => portal.mailsTo(email)).toBe(5)
    })

    it('an email change asks for at most 5 codes to one new address', async () => {
      const client = await signUpAndVerify(portal, 'changer@example.test')
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await client.json('/api/auth/email-otp/request-email-change', { newEmail: 'target@example.test', currentPassword: STRONG_PASSWORD })).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
      await expect.poll(() => portal.mailsTo('target@example.test')).toBe(5)
    })

    it('a code mail asked for by any other way than the endpoints above is inside the limit too', async () => {
      const email = 'server-side@example.test'
      await signUpAndVerify(portal, email)
      const auth = portal.server.ctx.services.auth as Auth
      const before = portal.mailsTo(email)
      for (let i = 0; i < 8; i++) await auth.api.sendVerificationOTP({ body: { email, type: 'forget-password' }, headers: new Headers() })
      await new Promise((r) => setTimeout(r, 500))
      // The sign-up mailed one code already: four more fit in the window.
      expect(portal.mailsTo(email) - before).toBe(4)
    })
  })
})
