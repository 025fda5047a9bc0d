import { statSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { INVALID_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE, passwordRules } from '../../../lib/auth-schema'
import { accounts, outbox, users, verifications } from '../../../server/db/schema'
import { signUpAndVerify, STRONG_PASSWORD, userIdOf } from './support/accounts'
import { runAdminCommand } from './support/admin-command'
import { HttpClient } from './support/http-client'
import { portalServerForSuite } from './support/portal-server'

describe('accounts over HTTP (better-auth, SMTP codes, limits)', () => {
  const portal = portalServerForSuite({ ADMIN_EMAILS: 'boss@example.test' })

  it('signs up, receives the code by SMTP, verifies (signed in), and the session cookie is httpOnly and SameSite', async () => {
    const client = new HttpClient(portal.url)
    const signUp = await client.json('/api/auth/sign-up/email', { email: 'ada@example.test', password: STRONG_PASSWORD, name: 'ada' })
    expect(signUp.status).toBe(200)
    const code = await portal.waitForCode('ada@example.test')
    const mail = portal.smtp.mails.find((m) => m.to.includes('ada@example.test'))!
    expect(mail.subject).toBe('Your Meshwork Engineering verification code')

    // Before verification the password alone does not sign in.
    const early = await new HttpClient(portal.url).json('/api/auth/sign-in/email', { email: 'ada@example.test', password: STRONG_PASSWORD })
    expect(early.status).toBe(403)

    const res = await client.post('/api/auth/email-otp/verify-email', { email: 'ada@example.test', otp: code, password: STRONG_PASSWORD })
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mwk.session_token='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/Secure/i) // PUBLIC_URL is http here
    const session = await (await client.fetch('/api/session')).json()
    expect(session.user).toMatchObject({ email: 'ada@example.test', isAdmin: false })

    // The code was single use.
    const reuse = await new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email: 'ada@example.test', otp: code, password: STRONG_PASSWORD })
    expect(reuse.status).toBeGreaterThanOrEqual(400)
  })

  it('stores passwords as scrypt N=2^17 r=8 p=1 and the generated AUTH_SECRET with mode 600', async () => {
    const [row] = await portal.server.ctx.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(users.email, 'ada@example.test'), eq(accounts.providerId, 'credential')))
    expect(row!.password).toMatch(/^scrypt\$17\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/)
    expect(statSync(path.join(portal.dataDir, 'auth-secret')).mode & 0o777).toBe(0o600)
  })

  it('signs in with the right password and records the sign-in activity through the outbox', async () => {
    const client = new HttpClient(portal.url)
    const res = await client.json('/api/auth/sign-in/email', { email: 'ada@example.test', password: STRONG_PASSWORD })
    expect(res.status).toBe(200)
    expect(await userIdOf(client)).toBeTruthy()
    const rows = await portal.server.ctx.db.select().from(outbox).where(eq(outbox.kind, 'activity'))
    expect(rows.map((r) => r.payload)).toContainEqual({ email: 'ada@example.test', action: 'Login', alert: 'User signed in', message: 'ada@example.test signed in' })
  })

  it('answers a wrong password and an unknown account with the same words', async () => {
    const wrong = await new HttpClient(portal.url).json<{ message: string; code: string }>('/api/auth/sign-in/email', { email: 'ada@example.test', password: 'Wr0ng!password' })
    const unknown = await new HttpClient(portal.url).json<{ message: string; code: string }>('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'Wr0ng!password' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(wrong.body)
    expect(INVALID_CREDENTIALS_MESSAGE).toBe('Incorrect email or password') // what the form shows for that code
  })

  it.each([
    ['length', 'Sh0rt!a'],
    ['lowercase', 'NOLOWER1!X'],
    ['uppercase', 'noupper1!x'],
    ['number', 'NoNumber!x'],
    ['symbol', 'NoSymbol1x'],
  ])('refuses a password without the %s rule, naming it', async (rule, password) => {
    const res = await new HttpClient(portal.url).json<{ message: string }>('/api/auth/sign-up/email', { email: `rule-${rule}@example.test`, password, name: 'x' })
    expect(res.status).toBe(400)
    const expected = passwordRules.find((r) => r.id === rule)!.message
    expect(res.body.message).toBe(`Password needs: ${expected}`)
  })

  it('after 3 wrong passwords from one address, that address waits (429, even with the right password) while the owner elsewhere signs in', async () => {
    await signUpAndVerify(portal, 'limit@example.test')
    const attacker = new HttpClient(portal.url, {}, { localAddress: '127.0.0.40' })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await attacker.json('/api/auth/sign-in/email', { email: 'limit@example.test', password: `Wr0ng!pass${i}` })).status)
    expect(statuses).toEqual([401, 401, 401])
    const fourth = await attacker.post('/api/auth/sign-in/email', { email: 'limit@example.test', password: STRONG_PASSWORD })
    expect(fourth.status).toBe(429)
    expect(((await fourth.json()) as { message: string }).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE)
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0)
    const owner = new HttpClient(portal.url, {}, { localAddress: '127.0.0.41' })
    expect((await owner.json('/api/auth/sign-in/email', { email: 'limit@example.test', password: STRONG_PASSWORD })).status).toBe(200)
  })

  it('accepts a code once when two attempts race with it', async () => {
    const email = 'race@example.test'
    const client = new HttpClient(portal.url)
    await client.json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'race' })
    const otp = await portal.waitForCode(email)
    const [a, b] = await Promise.all([
      new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD }),
      new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD }),
    ])
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1)
  })

  it('kills a code after 3 wrong tries', async () => {
    const email = 'tries@example.test'
    await new HttpClient(portal.url).json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'tries' })
    const otp = await portal.waitForCode(email)
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 0; i < 3; i++) expect((await new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email, otp: wrong, password: STRONG_PASSWORD })).status).toBe(400)
    const right = await new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD })
    expect(right.status).not.toBe(200)
  })

  it('refuses an expired code', async () => {
    const email = 'late@example.test'
    await new HttpClient(portal.url).json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'late' })
    const otp = await portal.waitForCode(email)
    const [row] = await portal.server.ctx.db.select().from(verifications).where(eq(verifications.identifier, `email-verification-otp-${email}`))
    // Stored hashed, never the code itself, and living at most 10 minutes.
    expect(row!.value).not.toContain(otp)
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000)
    await portal.server.ctx.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, row!.id))
    expect((await new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email, otp, password: STRONG_PASSWORD })).status).toBe(400)
  })

  it('resets a forgotten password by a mailed code; the new password must follow the rule', async () => {
    const email = 'forgot@example.test'
    await signUpAndVerify(portal, email)
    const before = portal.mailsTo(email)
    const client = new HttpClient(portal.url)
    expect((await client.json('/api/auth/email-otp/request-password-reset', { email })).status).toBe(200)
    const otp = await portal.waitForCode(email, before)
    const weak = await client.json<{ message: string }>('/api/auth/email-otp/reset-password', { email, otp, password: 'weakpass' })
    expect(weak.status).toBe(400)
    expect(weak.body.message).toBe('Password needs: An uppercase letter, A number, A symbol')
    expect((await client.json('/api/auth/email-otp/reset-password', { email, otp, password: 'N3w!Password' })).status).toBe(200)
    expect((await new HttpClient(portal.url).json('/api/auth/sign-in/email', { email, password: 'N3w!Password' })).status).toBe(200)
  })

  it('changing the password asks for the current one', async () => {
    const client = await signUpAndVerify(portal, 'change@example.test')
    const wrong = await client.json('/api/auth/change-password', { currentPassword: 'Wr0ng!password', newPassword: 'An0ther!Pass' })
    expect(wrong.status).toBeGreaterThanOrEqual(400)
    const ok = await client.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'An0ther!Pass' })
    expect(ok.status).toBe(200)
    // better-auth's direct email change (no password asked) is not offered.
    expect((await client.json('/api/auth/change-email', { newEmail: 'elsewhere@example.test' })).status).toBe(404)
  })

  it('a password set by /change-password follows the rule too (the before-hook), and revokeOtherSessions ends the other sessions', async () => {
    const email = 'rekey@example.test'
    const client = await signUpAndVerify(portal, email)
    const elsewhere = new HttpClient(portal.url)
    expect((await elsewhere.json('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(200)

    const weak = await client.json<{ code: string; message: string }>('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'weakpassword', revokeOtherSessions: true })
    expect(weak.status).toBe(400)
    expect(weak.body).toMatchObject({ code: 'PASSWORD_RULES', message: 'Password needs: An uppercase letter, A number, A symbol' })
    expect((await (await elsewhere.fetch('/api/session')).json()).user.email).toBe(email)

    const ok = await client.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'R3keyed!Pass', revokeOtherSessions: true })
    expect(ok.status).toBe(200)
    // This client carries on with the fresh session it was given; the other one is signed out.
    expect((await (await client.fetch('/api/session')).json()).user.email).toBe(email)
    expect((await (await elsewhere.fetch('/api/session')).json()).user).toBeNull()
    expect((await new HttpClient(portal.url).json('/api/auth/sign-in/email', { email, password: 'R3keyed!Pass' })).status).toBe(200)
  })

  it('changing the email asks for the current password and a code sent to the new address', async () => {
    const client = await signUpAndVerify(portal, 'mover@example.test')
    const noPassword = await client.json<{ message: string }>('/api/auth/email-otp/request-email-change', { newEmail: 'moved@example.test' })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body.message).toBe('Your current password is not correct')
    const wrong = await client.json('/api/auth/email-otp/request-email-change', { newEmail: 'moved@example.test', currentPassword: 'Wr0ng!password' })
    expect(wrong.status).toBe(400)
    const ok = await client.json('/api/auth/email-otp/request-email-change', { newEmail: 'moved@example.test', currentPassword: STRONG_PASSWORD })
    expect(ok.status).toBe(200)
    const otp = await portal.waitForCode('moved@example.test')
    expect((await client.json('/api/auth/email-otp/change-email', { newEmail: 'moved@example.test', otp })).status).toBe(200)
    expect((await (await client.fetch('/api/session')).json()).user.email).toBe('moved@example.test')
  })

  it('signs out: the session ends and the sign-out activity is recorded', async () => {
    const client = await signUpAndVerify(portal, 'leaving@example.test')
    expect((await (await client.fetch('/api/session')).json()).user).not.toBeNull()
    const cookieBefore = client.cookieHeader
    expect((await client.json('/api/auth/sign-out', {})).status).toBe(200)
    // Even the old cookie no longer works.
    const stale = await fetch(`${portal.url}/api/session`, { headers: { cookie: cookieBefore } })
    expect((await stale.json()).user).toBeNull()
    const rows = await portal.server.ctx.db.select().from(outbox).where(eq(outbox.kind, 'activity'))
    expect(rows.map((r) => r.payload)).toContainEqual({ email: 'leaving@example.test', action: 'Logout', alert: 'User signed out', message: 'leaving@example.test signed out' })
  })

  it('a sign-up cannot choose its own groups', async () => {
    const client = new HttpClient(portal.url)
    const email = 'sneaky@example.test'
    const res = await client.json('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'sneaky', groups: ['Admins'] })
    expect(res.status).toBeGreaterThanOrEqual(200)
    const [row] = await portal.server.ctx.db.select({ groups: users.groups }).from(users).where(eq(users.email, email))
    expect(row?.groups ?? []).toEqual([])
  })

  it('ADMIN_EMAILS grants the Admins group on verification', async () => {
    const boss = await signUpAndVerify(portal, 'boss@example.test')
    const session = await (await boss.fetch('/api/session')).json()
    expect(session.user).toMatchObject({ email: 'boss@example.test', isAdmin: true })
    const [row] = await portal.server.ctx.db.select({ groups: users.groups }).from(users).where(eq(users.email, 'boss@example.test'))
    expect(row!.groups).toEqual(['Admins'])
  })

  it('the admin command grants and revokes for an existing account while the server runs', async () => {
    // Admins must use a second factor: this account has one, so the grant makes it an admin at once.
    const client = await signUpAndVerify(portal, 'promoted@example.test', STRONG_PASSWORD, { twoFactor: true })
    const run = (...args: string[]) => runAdminCommand(portal, ...args)
    const granted = await run('grant', 'promoted@example.test')
    expect(granted).toMatchObject({ code: 0 })
    expect(granted.out).toContain('promoted@example.test is now in the Admins group.')
    expect((await (await client.fetch('/api/session')).json()).user.isAdmin).toBe(true)
    const revoked = await run('revoke', 'promoted@example.test')
    expect(revoked.code).toBe(0)
    expect((await (await client.fetch('/api/session')).json()).user.isAdmin).toBe(false)
    const missing = await run('grant', 'ghost@example.test')
    expect(missing.code).toBe(1)
    expect(missing.out).toContain('No account with the email ghost@example.test.')
    // The server's database is still up.
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })
})
