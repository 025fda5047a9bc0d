import { nextTotpCode } from '../../../setup/totp'
import { HttpClient } from './http-client'
import type { PortalServer } from './portal-server'

export const STRONG_PASSWORD = 'Str0ng!Passw0rd'

/** The authenticator secret and recovery codes of a client's account, once it turned two-factor sign-in on. */
const factors = new WeakMap<HttpClient, { secret: string; recoveryCodes: string[] }>()

export function factorsOf(client: HttpClient): { secret: string; recoveryCodes: string[] } {
  const found = factors.get(client)
  if (!found) throw new Error('this client never turned two-factor sign-in on')
  return found
}

/**
 * Signs up by email and password, verifies with the mailed code (which signs in), returns the client.
 * An account that verifying made an admin (ADMIN_EMAILS) must use a second factor before it acts as
 * one: it turns two-factor sign-in on right away, through the same API a person uses (its secret and
 * recovery codes: `factorsOf(client)`), unless `twoFactor: false` asks for an admin without one.
 * `twoFactor: true` turns it on for any account.
 */
export async function signUpAndVerify(
  portal: PortalServer,
  email: string,
  password = STRONG_PASSWORD,
  { twoFactor, client = new HttpClient(portal.url) }: { twoFactor?: boolean; client?: HttpClient } = {},
): Promise<HttpClient> {
  const before = portal.mailsTo(email)
  const signUp = await client.json('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`)
  const otp = await portal.waitForCode(email, before)
  const verified = await client.json('/api/auth/email-otp/verify-email', { email, otp, password })
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  // A server behind PUBLIC_URL refuses this client's own Origin with its cookie: then nobody asked.
  const answer = await client.fetch('/api/session')
  const session = (answer.ok ? await answer.json() : { user: null }) as { user: { secondFactorRequired?: boolean } | null }
  if (twoFactor ?? session.user?.secondFactorRequired === true) await turnOnTwoFactor(client, password)
  return client
}

/** Signs up and verifies one client per address, all at once, in the order given. */
export function signUpEach<const Emails extends readonly string[]>(portal: PortalServer, emails: Emails): Promise<{ [K in keyof Emails]: HttpClient }> {
  return Promise.all(emails.map((email) => signUpAndVerify(portal, email))) as Promise<{ [K in keyof Emails]: HttpClient }>
}

/** Turns two-factor sign-in on for the signed-in client (password, QR secret, first code), as the dashboard does. */
export async function turnOnTwoFactor(client: HttpClient, password = STRONG_PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.gql<{ startTwoFactorSetup: { secret: string } }>('mutation($p: String!) { startTwoFactorSetup(password: $p) { secret } }', { p: password })
  const secret = setup.data?.startTwoFactorSetup.secret
  if (!secret) throw new Error(`two-factor set-up failed: ${JSON.stringify(setup.errors)}`)
  const enabled = await client.gql<{ enableTwoFactor: { recoveryCodes: string[] } }>('mutation($c: String!) { enableTwoFactor(code: $c) { recoveryCodes } }', { c: await nextTotpCode(secret) })
  const recoveryCodes = enabled.data?.enableTwoFactor.recoveryCodes
  if (!recoveryCodes) throw new Error(`two-factor confirmation failed: ${JSON.stringify(enabled.errors)}`)
  factors.set(client, { secret, recoveryCodes })
  return { secret, recoveryCodes }
}

/**
 * Signs a fresh client in with the password and, when the account asks for it, a code computed from
 * `secret` (its authenticator app). Returns the client and the answers of both steps.
 */
export async function signIn(portal: PortalServer, email: string, { password = STRONG_PASSWORD, secret, client = new HttpClient(portal.url) }: { password?: string; secret?: string; client?: HttpClient } = {}) {
  const first = await client.json<{ twoFactorRedirect?: boolean; code?: string }>('/api/auth/sign-in/email', { email, password })
  if (first.status !== 200 || !first.body.twoFactorRedirect || !secret) return { client, first, second: null }
  const second = await client.json<{ user?: { id: string }; code?: string }>('/api/auth/two-factor/verify', { code: await nextTotpCode(secret) })
  return { client, first, second }
}

/** Asks for a password-reset code for `email` (from `client`, a fresh one by default) and waits for the code mailed for it. */
export async function requestResetCode(portal: PortalServer, email: string, client = new HttpClient(portal.url)): Promise<string> {
  const before = portal.mailsTo(email)
  await client.json('/api/auth/email-otp/request-password-reset', { email })
  return portal.waitForCode(email, before)
}

/**
 * Asks for a verification code for `email` (from `client`, a fresh one by default), as anyone may, and
 * verifies the address with the code mailed for it, which the auth library takes as a sign-in.
 * Returns the client and the answer to the verification.
 */
export async function verifyByMailedCode(portal: PortalServer, email: string, password: string, client = new HttpClient(portal.url)) {
  const before = portal.mailsTo(email)
  await client.json('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' })
  const otp = await portal.waitForCode(email, before)
  return { client, answer: await client.json('/api/auth/email-otp/verify-email', { email, otp, password }) }
}

export async function userIdOf(client: HttpClient): Promise<string> {
  const res = await client.fetch('/api/session')
  const body = (await res.json()) as { user: { id: string } | null }
  if (!body.user) throw new Error('not signed in')
  return body.user.id
}
