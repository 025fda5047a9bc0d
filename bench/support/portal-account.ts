import type { SmtpReceiver } from '../../tests/setup/smtp-receiver'

/** Signs up and verifies an account; returns its session cookie header. */
export async function signUp(url: string, mailbox: SmtpReceiver, email: string, password = 'Bench!Passw0rd'): Promise<string> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(body) })
  const signUpRes = await post('/api/auth/sign-up/email', { email, password, name: 'bench' })
  if (!signUpRes.ok) throw new Error(`sign-up failed: ${signUpRes.status} ${await signUpRes.text()}`)
  const verified = await post('/api/auth/email-otp/verify-email', { email, otp: await mailbox.waitForCode(email), password })
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`)
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
