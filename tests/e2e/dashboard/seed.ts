import type { BrowserContext } from 'playwright-core'
import type { SmtpReceiver } from '../../setup/smtp-receiver'

export interface SeededUser {
  id: string
  email: string
  password: string
  /** name=value pairs of the session cookies. */
  cookies: { name: string; value: string }[]
}

export const testPassword = 'Str0ng!Passw0rd'

/**
 * Creates a verified account the way a person does (sign up, code by mail, verify) through the
 * auth API, and returns its session. Admins are made by listing their email in ADMIN_EMAILS.
 */
export async function seedUser(baseUrl: string, mail: SmtpReceiver, email: string, password = testPassword): Promise<SeededUser> {
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

/** Signs the browser context in as the user. */
export async function signInContext(context: BrowserContext, baseUrl: string, user: SeededUser) {
  await context.addCookies(user.cookies.map((c) => ({ ...c, url: baseUrl, httpOnly: true, sameSite: 'Lax' as const })))
}

/** The header a script sends to act as the user (server-side checks in tests). */
export function cookieHeader(user: SeededUser): string {
  return user.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

async function authPost(baseUrl: string, path: string, body: unknown): Promise<Response> {
  const res = await fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return res
}
