import type { BrowserContext } from 'playwright-core'
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { SmtpReceiver } from '../../setup/smtp-receiver'
import { ADMINS_GROUP } from '../../../server/auth/admin-groups'
import { hashPassword } from '../../../server/auth/password-hash'
import { factorKeys, hashRecoveryCode, newRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT, sealSecret } from '../../../server/auth/factor-keys'
import { newTotpSecret } from '../../../server/auth/totp'

export interface SeededUser {
  id: string
  email: string
  password: string
  /** name=value pairs of the session cookies. */
  cookies: { name: string; value: string }[]
  /** With two-factor sign-in on: the authenticator secret (codes: tests/setup/totp.ts) and the recovery codes. */
  totpSecret?: string
  recoveryCodes?: string[]
}

export const testPassword = 'Str0ng!Passw0rd'

/** A server the tests can reach: its address, and its DATA_DIR (the embedded database's settings and the auth secret). */
export interface SeedTarget {
  url: string
  dataDir: string
}

const hashes = new Map<string, Promise<string>>()
/** The stored form of a password, hashed as the server does (once per password per test process). */
function storedPassword(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) hashes.set(password, (hash = hashPassword(password)))
  return hash
}

/**
 * A verified account with a session, written straight into the server's database: the account, its
 * password (hashed as the server hashes it), the "Admins" group when asked, and a session whose cookie
 * is signed with the server's secret as the auth library signs it. For tests that need a signed-in
 * user but are not about signing up; the tests of sign-up, verification and sign-in use the real path.
 *
 * Admins must use a second factor, so an admin is seeded with two-factor sign-in on (an authenticator
 * secret sealed as the server seals it, ten recovery codes) and a session signed in with it, unless
 * `twoFactor: false` asks for an admin without one (whom the portal sends to set one up).
 * `twoFactor: true` does the same for a client.
 */
export async function seedUser(
  server: SeedTarget,
  email: string,
  { password = testPassword, admin = false, twoFactor = admin }: { password?: string; admin?: boolean; twoFactor?: boolean } = {},
): Promise<SeededUser> {
  const settings = JSON.parse(readFileSync(path.join(server.dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
  const secret = readFileSync(path.join(server.dataDir, 'auth-secret'), 'utf8').trim()
  const id = randomUUID().replaceAll('-', '')
  const token = randomBytes(24).toString('base64url')
  const client = new pg.Client({ host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: 'app' })
  let factors: Pick<SeededUser, 'totpSecret' | 'recoveryCodes'> = {}
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query('INSERT INTO "user" (id, name, email, email_verified, groups, two_factor_enabled) VALUES ($1, $2, $3, true, $4, $5)', [
      id,
      email.split('@')[0],
      email.toLowerCase(),
      admin ? [ADMINS_GROUP] : [],
      twoFactor,
    ])
    await client.query(`INSERT INTO account (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`, [randomUUID(), id, await storedPassword(password)])
    if (twoFactor) {
      const keys = factorKeys(secret)
      const totpSecret = newTotpSecret()
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      factors = { totpSecret, recoveryCodes }
      await client.query('INSERT INTO two_factor (user_id, secret, confirmed_at) VALUES ($1, $2, now())', [id, sealSecret(keys, id, totpSecret)])
      for (const code of recoveryCodes) await client.query('INSERT INTO recovery_code (user_id, code_hash) VALUES ($1, $2)', [id, hashRecoveryCode(keys, normaliseRecoveryCode(code)!)])
    }
    await client.query(`INSERT INTO session (id, token, user_id, expires_at, ip_address, user_agent, second_factor) VALUES ($1, $2, $3, now() + interval '7 days', '127.0.0.1', 'seeded by a test', $4)`, [
      randomUUID(),
      token,
      id,
      twoFactor ? 'totp' : null,
    ])
    await client.query('COMMIT')
  } finally {
    await client.end()
  }
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return { id, email: email.toLowerCase(), password, cookies: [{ name: 'mwk.session_token', value: encodeURIComponent(`${token}.${signature}`) }], ...factors }
}

export interface SeededJobRequest {
  job: string
  reference: string
  priority: string
}

/**
 * Job requests of a user (for their company) written straight into the server's database, one second apart in the order
 * given (the last is the newest): for tests about the list, which need more requests than a client
 * may place in an hour.
 */
export async function seedJobRequests(server: SeedTarget, user: SeededUser, requests: SeededJobRequest[]): Promise<void> {
  const settings = JSON.parse(readFileSync(path.join(server.dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
  const client = new pg.Client({ host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: 'app' })
  await client.connect()
  try {
    for (const [i, r] of requests.entries()) {
      await client.query(
        `INSERT INTO job_request ("user", company_id, job, reference, instructions, status, priority, files, membership, created_at)
         VALUES ($1, (SELECT company_id FROM company_member WHERE user_id = $1), $2, $3, '', 'pending', $4, '[]', 'true', now() - make_interval(secs => $5))`,
        [user.id, r.job, r.reference, r.priority, requests.length - i],
      )
    }
  } finally {
    await client.end()
  }
}

/**
 * Makes an account a member of a colleague's company with a role, written straight into the server's
 * database as an accepted invitation leaves it: its own membership goes, one in the colleague's comes.
 */
export async function seedColleague(server: SeedTarget, user: SeededUser, of: SeededUser, role: 'owner' | 'approver' | 'member' | 'viewer'): Promise<void> {
  const settings = JSON.parse(readFileSync(path.join(server.dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
  const client = new pg.Client({ host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: 'app' })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query('DELETE FROM company_member WHERE user_id = $1', [user.id])
    await client.query('INSERT INTO company_member (company_id, user_id, role) SELECT company_id, $1, $2 FROM company_member WHERE user_id = $3', [user.id, role, of.id])
    await client.query('COMMIT')
  } finally {
    await client.end()
  }
}

/** Signs the browser context in as the user. */
export async function signInContext(context: BrowserContext, baseUrl: string, user: SeededUser) {
  await context.addCookies(user.cookies.map((c) => ({ ...c, url: baseUrl, httpOnly: true, sameSite: 'Lax' as const })))
}

/** The header a script sends to act as the user (server-side checks in tests). */
export function cookieHeader(user: SeededUser): string {
  return user.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

/**
 * An account made the way a person makes one (sign up, the code by mail, verify) through the auth API,
 * signed in by the verification: for the tests about what signing up or signing in does.
 */
export async function signUpAndVerify(baseUrl: string, mail: SmtpReceiver, email: string, password = testPassword): Promise<SeededUser> {
  const before = mail.mails.length
  await authPost(baseUrl, '/api/auth/sign-up/email', { email, password, name: email.split('@')[0] })
  const otp = await mail.waitForCode(email, { after: before })
  const verified = await authPost(baseUrl, '/api/auth/email-otp/verify-email', { email, otp, password })
  const cookies = verified.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';')
    const i = pair!.indexOf('=')
    return { name: pair!.slice(0, i), value: pair!.slice(i + 1) }
  })
  const session = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), origin: baseUrl } })
  const body = (await session.json()) as { user?: { id: string } } | null
  if (!body?.user?.id) throw new Error(`no session after verifying ${email}`)
  return { id: body.user.id, email, password, cookies }
}

async function authPost(baseUrl: string, path: string, body: unknown): Promise<Response> {
  const res = await fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return res
}
