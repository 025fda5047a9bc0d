import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox, recoveryCodes, sessions, twoFactors } from '../../../server/db/schema'
import { grantAdminGroup } from '../../../server/auth/admin-groups'
import { nextTotpCode, wrongTotpCode } from '../../setup/totp'
import { factorsOf, signIn, signUpAndVerify, STRONG_PASSWORD, turnOnTwoFactor, userIdOf, verifyByMailedCode } from './support/accounts'
import { HttpClient } from './support/http-client'
import { portalServerForSuite } from './support/portal-server'

const session = async (c: HttpClient) => ((await (await c.fetch('/api/session')).json()) as { user: { email: string; isAdmin: boolean; secondFactorRequired: boolean } | null }).user

describe('two-factor sign-in, passkeys, sessions and the activity log over HTTP', () => {
  const portal = portalServerForSuite({ ADMIN_EMAILS: 'chief@example.test' })

  /** The ADMIN_EMAILS account, once it turned two-factor sign-in on. */
  let chiefWithFactor: HttpClient
  const mailsTo = (email: string) => portal.smtp.mails.filter((m) => m.to.includes(email))
  const waitForMail = async (email: string, subject: RegExp) => {
    for (let i = 0; i < 200; i++) {
      const mail = mailsTo(email).find((m) => subject.test(m.subject))
      if (mail) return mail
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`no mail to ${email} with subject ${subject}`)
  }

  it('turns two-factor sign-in on only after the password and a first code from the app, with ten recovery codes, ending every other session and every API token', async () => {
    const ada = await signUpAndVerify(portal, 'ada@example.test')
    const other = (await signIn(portal, 'ada@example.test')).client
    expect(await session(other)).toMatchObject({ email: 'ada@example.test' })
    const token = (await ada.gql<{ createApiToken: { token: string } }>('mutation { createApiToken(name: "script") { token } }')).data!.createApiToken.token

    const wrongPassword = await ada.gql('mutation { startTwoFactorSetup(password: "Wr0ng!Password") { secret } }')
    expect(wrongPassword.errors?.[0]?.message).toBe('Your current password is not correct')
    const setup = await ada.gql<{ startTwoFactorSetup: { secret: string; otpauthUri: string; qrSize: number; qrPath: string } }>(
      'mutation($p: String!) { startTwoFactorSetup(password: $p) { secret otpauthUri qrSize qrPath } }',
      { p: STRONG_PASSWORD },
    )
    const { secret, otpauthUri, qrSize, qrPath } = setup.data!.startTwoFactorSetup
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUri).toBe(`otpauth://totp/Meshwork%20Engineering:ada%40example.test?secret=${secret}&issuer=Meshwork+Engineering&algorithm=SHA1&digits=6&period=30`)
    expect(qrSize).toBeGreaterThanOrEqual(21)
    expect(qrPath).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/)
    // Stored encrypted, and nothing changed yet.
    const [stored] = await portal.server.ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, await userIdOf(ada)))
    expect(stored!.secret).not.toContain(secret)
    expect(stored!.confirmedAt).toBeNull()
    expect((await signIn(portal, 'ada@example.test')).first.body.twoFactorRedirect).toBeUndefined()

    const wrongCode = await ada.gql('mutation($c: String!) { enableTwoFactor(code: $c) { recoveryCodes } }', { c: wrongTotpCode(secret) })
    expect(wrongCode.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    const enabled = await ada.gql<{ enableTwoFactor: { recoveryCodes: string[] } }>('mutation($c: String!) { enableTwoFactor(code: $c) { recoveryCodes } }', { c: await nextTotpCode(secret) })
    const codes = enabled.data!.enableTwoFactor.recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    // Only keyed hashes are kept.
    const hashes = await portal.server.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, await userIdOf(ada)))
    expect(hashes).toHaveLength(10)
    for (const code of codes) expect(JSON.stringify(hashes)).not.toContain(code.replaceAll('-', ''))

    expect(await session(ada)).toMatchObject({ email: 'ada@example.test' })
    expect(await session(other)).toBeNull()
    expect((await fetch(`${portal.url}/api/session`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())).user).toBeNull()
    await waitForMail('ada@example.test', /Two-factor sign-in was turned on/)
  })

  it('asks for a code after the password, signs in with the right one, and a code works once', async () => {
    const { secret } = await turnOnTwoFactor(await signUpAndVerify(portal, 'bea@example.test'))
    const client = new HttpClient(portal.url)
    const first = await client.json<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email: 'bea@example.test', password: STRONG_PASSWORD })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ twoFactorRedirect: true })
    // The password alone signs nothing in.
    expect(await session(client)).toBeNull()
    expect([...client.cookies.keys()].some((name) => name.endsWith('session_token'))).toBe(false)

    const wrong = await client.json<{ code: string; message: string }>('/api/auth/two-factor/verify', { code: wrongTotpCode(secret) })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('That code is not right. Please check it and try again.')
    const code = await nextTotpCode(secret)
    const right = await client.json<{ user: { id: string } }>('/api/auth/two-factor/verify', { code })
    expect(right.status).toBe(200)
    expect(await session(client)).toMatchObject({ email: 'bea@example.test' })

    // The same code again, in another sign-in: refused.
    const again = new HttpClient(portal.url)
    await again.json('/api/auth/sign-in/email', { email: 'bea@example.test', password: STRONG_PASSWORD })
    expect((await again.json('/api/auth/two-factor/verify', { code })).status).toBe(401)
    expect(await session(again)).toBeNull()
  })

  it('lets a recovery code sign in once, and new codes void the old', async () => {
    const bob = await signUpAndVerify(portal, 'bob@example.test', STRONG_PASSWORD, { twoFactor: true })
    const [first, second] = factorsOf(bob).recoveryCodes
    const withRecovery = async (code: string) => {
      const client = new HttpClient(portal.url)
      await client.json('/api/auth/sign-in/email', { email: 'bob@example.test', password: STRONG_PASSWORD })
      const answer = await client.json('/api/auth/two-factor/verify', { code })
      return { status: answer.status, signedIn: (await session(client)) !== null }
    }
    expect(await withRecovery(first!.toUpperCase().replaceAll('-', ' '))).toEqual({ status: 200, signedIn: true })
    expect(await withRecovery(first!)).toEqual({ status: 401, signedIn: false })
    const renewed = await bob.gql<{ renewRecoveryCodes: { recoveryCodes: string[] } }>('mutation($p: String!) { renewRecoveryCodes(password: $p) { recoveryCodes } }', { p: STRONG_PASSWORD })
    const fresh = renewed.data!.renewRecoveryCodes.recoveryCodes
    expect(fresh).toHaveLength(10)
    expect(await withRecovery(second!)).toEqual({ status: 401, signedIn: false })
    expect(await withRecovery(fresh[0]!)).toEqual({ status: 200, signedIn: true })
  })

  it('holds a sign-in by mailed code for the second factor too', async () => {
    await signUpAndVerify(portal, 'cid@example.test', STRONG_PASSWORD, { twoFactor: true })
    const { client, answer } = await verifyByMailedCode(portal, 'cid@example.test', STRONG_PASSWORD)
    expect(answer.body).toEqual({ twoFactorRedirect: true })
    expect(await session(client)).toBeNull()
  })

  it('turns two-factor sign-in off only with the password and a current code, ending every other session', async () => {
    const dan = await signUpAndVerify(portal, 'dan@example.test', STRONG_PASSWORD, { twoFactor: true })
    const { secret } = factorsOf(dan)
    const other = (await signIn(portal, 'dan@example.test', { secret })).client
    expect(await session(other)).not.toBeNull()
    const off = (password: string, code: string) => dan.gql('mutation($p: String!, $c: String!) { disableTwoFactor(password: $p, code: $c) }', { p: password, c: code })
    expect((await off('Wr0ng!Password', wrongTotpCode(secret))).errors?.[0]?.message).toBe('Your current password is not correct')
    expect((await off(STRONG_PASSWORD, wrongTotpCode(secret))).errors?.[0]?.message).toBe('That code is not right. Please check it and try again.')
    expect((await off(STRONG_PASSWORD, await nextTotpCode(secret))).data).toEqual({ disableTwoFactor: true })
    expect(await session(dan)).not.toBeNull()
    expect(await session(other)).toBeNull()
    expect((await signIn(portal, 'dan@example.test')).first.body).toMatchObject({ user: { email: 'dan@example.test' } })
    await waitForMail('dan@example.test', /Two-factor sign-in was turned off/)
  })

  it('gives an admin no admin rights until it signs in with a second factor (ADMIN_EMAILS and the grant alike)', async () => {
    const chief = await signUpAndVerify(portal, 'chief@example.test', STRONG_PASSWORD, { twoFactor: false })
    expect(await session(chief)).toMatchObject({ isAdmin: false, secondFactorRequired: true })
    expect((await chief.gql('{ clients { Username } }')).errors?.[0]?.message).toBe('Unauthorized')
    expect((await chief.gql('{ accountSecurity { secondFactorRequired } }')).data).toEqual({ accountSecurity: { secondFactorRequired: true } })
    await turnOnTwoFactor(chief)
    chiefWithFactor = chief
    expect(await session(chief)).toMatchObject({ isAdmin: true, secondFactorRequired: false })
    expect((await chief.gql('{ clients { Username } }')).errors).toBeUndefined()

    const granted = await signUpAndVerify(portal, 'granted@example.test')
    await grantAdminGroup(portal.server.ctx.db, 'granted@example.test')
    // The grant reaches the server's cache of sessions when the database announces it.
    await expect.poll(() => session(granted)).toMatchObject({ isAdmin: false, secondFactorRequired: true })
    // An API token made before the factor carries no admin rights either.
    const token = (await granted.gql<{ createApiToken: { token: string } }>('mutation { createApiToken(name: "x") { token } }')).data!.createApiToken.token
    const byToken = await fetch(`${portal.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ clients { Username } }' }) })
    expect(((await byToken.json()) as { errors?: { message: string }[] }).errors?.[0]?.message).toBe('Unauthorized')
  })

  it('mails the owner a sign-in from a browser that never signed in to the account, and not one from a browser that did', async () => {
    const hal = await signUpAndVerify(portal, 'hal@example.test')
    // Counted in the outbox, written in the transaction of the sign-in itself.
    const newBrowsers = async () =>
      (await portal.server.ctx.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'security-notice'))).filter(
        (r) => (r.payload as { to?: string; subject?: string }).to === 'hal@example.test' && /New sign-in from a new browser/.test(String((r.payload as { subject?: string }).subject)),
      ).length
    // Verifying the address signed its first browser in: not news to its owner.
    expect(await newBrowsers()).toBe(0)
    const stranger = new HttpClient(portal.url, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36' })
    await signIn(portal, 'hal@example.test', { client: stranger })
    const mail = await waitForMail('hal@example.test', /New sign-in from a new browser/)
    const text = mail.raw.replace(/=\r?\n/g, '')
    expect(text).toContain('Browser: Chrome 120 on Windows 10')
    expect(text).toContain('Place: This computer (address 127.0.0.1)')
    // The same browser again (it carries the account's known-device cookie): no mail.
    await stranger.json('/api/auth/sign-out', {})
    await signIn(portal, 'hal@example.test', { client: stranger })
    await signIn(portal, 'hal@example.test', { client: hal })
    expect(await newBrowsers()).toBe(1)
  })

  it('lists where the account is signed in and ends one session or all the others at once', async () => {
    const eve = await signUpAndVerify(portal, 'eve@example.test')
    const phone = new HttpClient(portal.url, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' })
    await signIn(portal, 'eve@example.test', { client: phone })
    const laptop = (await signIn(portal, 'eve@example.test')).client
    const list = await eve.gql<{ sessions: { id: string; current: boolean; browser: string; system: string; place: string; ipAddress: string; signInMethod: string; createdAt: string; lastUsedAt: string }[] }>(
      '{ sessions { id current browser system place ipAddress signInMethod createdAt lastUsedAt } }',
    )
    const rows = list.data!.sessions
    expect(rows).toHaveLength(3)
    expect(rows[0]!.current).toBe(true)
    const phoneRow = rows.find((r) => r.system.startsWith('iOS'))!
    expect(phoneRow).toMatchObject({ browser: 'Mobile Safari 17', place: 'This computer', ipAddress: '127.0.0.1', signInMethod: 'password', current: false })
    expect(Date.parse(phoneRow.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(phoneRow.createdAt))
    expect(JSON.stringify(rows)).not.toMatch(/token/i)

    expect((await eve.gql('mutation($id: ID!) { endSession(id: $id) }', { id: phoneRow.id })).data).toEqual({ endSession: phoneRow.id })
    expect(await session(phone)).toBeNull()
    expect(await session(laptop)).not.toBeNull()
    expect((await eve.gql('mutation { endOtherSessions }')).data).toEqual({ endOtherSessions: 1 })
    expect(await session(laptop)).toBeNull()
    expect(await session(eve)).not.toBeNull()
    // Nobody ends another account's session.
    const mallory = await signUpAndVerify(portal, 'mallory@example.test')
    const [eveSession] = await portal.server.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, await userIdOf(eve)))
    expect((await mallory.gql('mutation($id: ID!) { endSession(id: $id) }', { id: eveSession!.id })).errors?.[0]?.message).toBe('Unauthorized')
    expect(await session(eve)).not.toBeNull()
  })

  it('ends every other session when the password or the email changes, whatever the request asked', async () => {
    const fay = await signUpAndVerify(portal, 'fay@example.test')
    const other = (await signIn(portal, 'fay@example.test')).client
    const changed = await fay.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Passw0rd', revokeOtherSessions: false })
    expect(changed.status).toBe(200)
    expect(await session(fay)).not.toBeNull()
    expect(await session(other)).toBeNull()

    const another = (await signIn(portal, 'fay@example.test', { password: 'N3w!Passw0rd' })).client
    const before = portal.mailsTo('fay2@example.test')
    expect((await fay.json('/api/auth/email-otp/request-email-change', { newEmail: 'fay2@example.test', currentPassword: 'N3w!Passw0rd' })).status).toBe(200)
    const otp = await portal.waitForCode('fay2@example.test', before)
    expect((await fay.json('/api/auth/email-otp/change-email', { newEmail: 'fay2@example.test', otp })).status).toBe(200)
    expect(await session(fay)).toMatchObject({ email: 'fay2@example.test' })
    expect(await session(another)).toBeNull()
  })

  it('keeps a session made by a password change as strong as the one it replaced (an admin keeps its rights)', async () => {
    const boss = await signUpAndVerify(portal, 'boss2@example.test', STRONG_PASSWORD, { twoFactor: true })
    await grantAdminGroup(portal.server.ctx.db, 'boss2@example.test')
    await expect.poll(() => session(boss)).toMatchObject({ isAdmin: true })
    expect((await boss.json('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Passw0rd', revokeOtherSessions: true })).status).toBe(200)
    expect(await session(boss)).toMatchObject({ isAdmin: true })
  })

  it('records the account’s events with address and browser, and an admin’s actions on its data, newest first, for its owner; the whole log, filtered and as CSV, for an admin', async () => {
    const gus = await signUpAndVerify(portal, 'gus@example.test')
    const gusId = await userIdOf(gus)
    await new HttpClient(portal.url, { 'user-agent': 'curl/8.0' }).json('/api/auth/sign-in/email', { email: 'gus@example.test', password: 'Wr0ng!Password' })
    await gus.gql('mutation { createApiToken(name: "nightly") { id } }')
    const chief = (await signIn(portal, 'chief@example.test', { secret: factorsOf(chiefWithFactor).secret })).client
    await chief.gql('mutation($u: ID, $i: ProfileInput!) { updateProfile(userId: $u, input: $i) { userId } }', { u: gusId, i: { custom_companyName: 'Gus Ltd' } })

    const mine = await gus.gql<{ myActivity: { entries: { kind: string; action: string; label: string; ipAddress: string | null; browser: string | null; byEmail: string | null; details: string }[]; hasMore: boolean } }>(
      '{ myActivity { entries { kind action label ipAddress browser byEmail details } hasMore } }',
    )
    const entries = mine.data!.myActivity.entries
    expect(entries.map((e) => e.action)).toEqual(['update-profile', 'api-token-created', 'sign-in-failed', 'sign-in'])
    expect(entries[0]).toMatchObject({ kind: 'admin', byEmail: 'chief@example.test', label: 'Admin updated the profile', details: 'Fields: companyName' })
    expect(entries[2]).toMatchObject({ label: 'Sign-in failed: wrong password', ipAddress: '127.0.0.1', browser: 'Unknown on Unknown' })
    expect(entries[3]).toMatchObject({ details: 'With mailed code' })

    const filtered = await chief.gql<{ activityLog: { entries: { accountEmail: string; action: string }[] } }>(
      'query($f: ActivityFilter) { activityLog(filter: $f) { entries { accountEmail action } } }',
      { f: { account: 'gus@', action: 'sign-in-failed' } },
    )
    expect(filtered.data!.activityLog.entries).toEqual([{ accountEmail: 'gus@example.test', action: 'sign-in-failed' }])
    const csv = await chief.fetch(`/profile/activity.csv?account=gus%40example.test`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe('Time (UTC),Kind,Action,What happened,Account,By admin,Address,Place,Browser,Details')
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['update-profile', 'api-token-created', 'sign-in-failed', 'sign-in'])
    expect((await gus.fetch('/profile/activity.csv')).status).toBe(403)

    // Nothing in the product changes an entry; not even the database's own role.
    await expect(portal.server.ctx.db.execute(`UPDATE security_event SET action = 'sign-in' WHERE user_id = '${gusId}'`)).rejects.toThrow()
  })

})
