import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { generateApiToken } from '../../../server/auth/api-token'
import { apiTokens, sessions, users } from '../../../server/db/schema'
import { STRONG_PASSWORD, signUpAndVerify, turnOnTwoFactor } from '../portal/support/accounts'
import { runAdminCommand } from '../portal/support/admin-command'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

const ATTACKER_PASSWORD = 'Att4cker!chosen'
const OWNER_PASSWORD = 'Own3r!realpass'

/**
 * Pre-registration: an attacker signs up an address they do not own, with a password they choose, and
 * waits for the owner to verify it. Whoever proves the address sets the password; nothing made before
 * the proof survives it.
 */
describe('pre-registration takeover', () => {
  const portal = portalServerForSuite({ ADMIN_EMAILS: 'chief@example.test' })

  const attacker = () => new HttpClient(portal.url, {}, { localAddress: '127.0.0.66' })
  const signIn = (email: string, password: string, from = new HttpClient(portal.url)) => from.json('/api/auth/sign-in/email', { email, password })
  /** The attacker's sign-up; resolves once its code mail has arrived (in the owner's mailbox). */
  const preRegister = async (email: string) => {
    const before = portal.mailsTo(email)
    const res = await attacker().json('/api/auth/sign-up/email', { email, password: ATTACKER_PASSWORD, name: 'mallory' })
    expect(res.status).toBe(200)
    await portal.waitForCode(email, before)
  }

  it("the owner's later sign-up mails them a fresh code, and verifying it makes their password the only one that opens the account", async () => {
    const email = 'victim1@example.test'
    await preRegister(email)
    const owner = new HttpClient(portal.url)
    const before = portal.mailsTo(email)
    expect((await owner.json('/api/auth/sign-up/email', { email, password: OWNER_PASSWORD, name: 'victim' })).status).toBe(200)
    const otp = await portal.waitForCode(email, before)
    expect((await owner.json('/api/auth/email-otp/verify-email', { email, otp, password: OWNER_PASSWORD })).status).toBe(200)
    expect((await (await owner.fetch('/api/session')).json()).user.email).toBe(email)

    expect((await signIn(email, ATTACKER_PASSWORD, attacker())).status).toBe(401)
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200)
  })

  it('"Send a new code" and the code step with the owner\'s password shut the attacker\'s password out', async () => {
    const email = 'victim2@example.test'
    await preRegister(email)
    const owner = new HttpClient(portal.url)
    const before = portal.mailsTo(email)
    expect((await owner.json('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' })).status).toBe(200)
    const otp = await portal.waitForCode(email, before)
    expect((await owner.json('/api/auth/email-otp/verify-email', { email, otp, password: OWNER_PASSWORD })).status).toBe(200)
    expect((await signIn(email, ATTACKER_PASSWORD, attacker())).status).toBe(401)
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200)
  })

  it('the code step needs a password that follows the rule, checked before the code is used up', async () => {
    const email = 'victim3@example.test'
    await preRegister(email)
    const before = portal.mailsTo(email)
    await new HttpClient(portal.url).json('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' })
    const otp = await portal.waitForCode(email, before)
    const without = await new HttpClient(portal.url).json<{ code: string }>('/api/auth/email-otp/verify-email', { email, otp })
    expect(without).toMatchObject({ status: 400, body: { code: 'PASSWORD_RULES' } })
    const weak = await new HttpClient(portal.url).json<{ code: string }>('/api/auth/email-otp/verify-email', { email, otp, password: 'weakpassword' })
    expect(weak).toMatchObject({ status: 400, body: { code: 'PASSWORD_RULES' } })
    // The code still works.
    expect((await new HttpClient(portal.url).json('/api/auth/email-otp/verify-email', { email, otp, password: OWNER_PASSWORD })).status).toBe(200)
    expect((await signIn(email, ATTACKER_PASSWORD, attacker())).status).toBe(401)
  })

  it('no session or API token made before the address was verified survives the verification', async () => {
    const email = 'victim4@example.test'
    await preRegister(email)
    const { db } = portal.server.ctx
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    // Whatever way they were made while the account was unverified, they belong to the attacker.
    const { token, tokenHash } = generateApiToken()
    await db.insert(apiTokens).values({ userId: user!.id, name: 'planted', tokenHash, expiresAt: new Date(Date.now() + 86_400_000) })
    await db.insert(sessions).values({ id: 'planted-session', token: 'planted-session-token', userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) })

    const owner = new HttpClient(portal.url)
    const before = portal.mailsTo(email)
    await owner.json('/api/auth/sign-up/email', { email, password: OWNER_PASSWORD, name: 'victim' })
    const otp = await portal.waitForCode(email, before)
    expect((await owner.json('/api/auth/email-otp/verify-email', { email, otp, password: OWNER_PASSWORD })).status).toBe(200)

    const script = new HttpClient(portal.url, { authorization: `Bearer ${token}` })
    expect((await (await script.fetch('/api/session')).json()).user).toBeNull()
    expect(await db.select().from(sessions).where(eq(sessions.token, 'planted-session-token'))).toEqual([])
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, user!.id))).toEqual([])
  })

  it('the sign-up answer is the same for a new, an unverified and a verified address, and each owner gets a mail', async () => {
    await signUpAndVerify(portal, 'taken@example.test')
    await preRegister('pending@example.test')
    await expect.poll(() => portal.mailsTo('taken@example.test')).toBe(1)
    const answers: Record<string, { status: number; keys: string[]; userKeys: string[]; token: unknown }> = {}
    for (const email of ['fresh@example.test', 'pending@example.test', 'taken@example.test']) {
      const before = portal.mailsTo(email)
      const res = await new HttpClient(portal.url).json<{ token: unknown; user: Record<string, unknown> }>('/api/auth/sign-up/email', { email, password: OWNER_PASSWORD, name: 'someone' })
      answers[email] = { status: res.status, keys: Object.keys(res.body).sort(), userKeys: Object.keys(res.body.user).sort(), token: res.body.token }
      expect(res.body.user).toMatchObject({ email, emailVerified: false })
      await expect.poll(() => portal.mailsTo(email)).toBe(before + 1)
    }
    expect(answers['pending@example.test']).toEqual(answers['fresh@example.test'])
    expect(answers['taken@example.test']).toEqual(answers['fresh@example.test'])
    // The verified owner is told, without a code: nothing about the account changes.
    const notice = portal.smtp.mails.filter((m) => m.to.includes('taken@example.test')).at(-1)!
    expect(notice.subject).toBe('Someone tried to sign up with your address')
    expect(notice.raw).not.toMatch(/^\s+\d{6}\s*$/m)
    expect((await signIn('taken@example.test', STRONG_PASSWORD)).status).toBe(200)
  })

  it('an address in ADMIN_EMAILS registered first by an attacker becomes an admin only with the password of the owner who verified it', async () => {
    const email = 'chief@example.test'
    await preRegister(email)
    const owner = new HttpClient(portal.url)
    const before = portal.mailsTo(email)
    await owner.json('/api/auth/sign-up/email', { email, password: OWNER_PASSWORD, name: 'chief' })
    const otp = await portal.waitForCode(email, before)
    expect((await owner.json('/api/auth/email-otp/verify-email', { email, otp, password: OWNER_PASSWORD })).status).toBe(200)
    // In the Admins group; an admin's rights come once the owner signs in with a second factor too.
    expect((await (await owner.fetch('/api/session')).json()).user).toMatchObject({ email, isAdmin: false, secondFactorRequired: true })
    await turnOnTwoFactor(owner, OWNER_PASSWORD)
    expect((await (await owner.fetch('/api/session')).json()).user).toMatchObject({ email, isAdmin: true })
    expect((await signIn(email, ATTACKER_PASSWORD, attacker())).status).toBe(401)
  })

  it('`npm run admin -- grant` refuses an account whose address is not verified', async () => {
    const email = 'unproven@example.test'
    await preRegister(email)
    const run = (...args: string[]) => runAdminCommand(portal, ...args)
    const refused = await run('grant', email)
    expect(refused.code).toBe(1)
    expect(refused.out).toContain(`The account ${email} has not verified its email address yet, so it cannot be made an admin`)
    const [row] = await portal.server.ctx.db.select({ groups: users.groups }).from(users).where(eq(users.email, email))
    expect(row!.groups).toEqual([])
  })
})
