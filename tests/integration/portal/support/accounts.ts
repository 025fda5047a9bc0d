import { HttpClient } from './http-client'
import type { PortalServer } from './portal-server'

export const STRONG_PASSWORD = 'Str0ng!Passw0rd'

/** Signs up by email and password, verifies with the mailed code (which signs in), returns the client. */
export async function signUpAndVerify(portal: PortalServer, email: string, password = STRONG_PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(portal.url)
  const before = portal.mailsTo(email)
  const signUp = await client.json('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`)
  const otp = await portal.waitForCode(email, before)
  const verified = await client.json('/api/auth/email-otp/verify-email', { email, otp, password })
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  return client
}

export async function userIdOf(client: HttpClient): Promise<string> {
  const res = await client.fetch('/api/session')
  const body = (await res.json()) as { user: { id: string } | null }
  if (!body.user) throw new Error('not signed in')
  return body.user.id
}
