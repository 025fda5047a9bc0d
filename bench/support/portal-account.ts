import type { SmtpReceiver } from '../../tests/setup/smtp-receiver'
import { nextTotpCode } from '../../tests/setup/totp'

/**
 * Signs up and verifies an account; returns its session cookie header. An account that verifying made
 * an admin (ADMIN_EMAILS) turns two-factor sign-in on first, as the portal asks of every admin, so
 * the cookie it returns carries the admin's rights.
 */
export async function signUp(url: string, mailbox: SmtpReceiver, email: string, password = 'Bench!Passw0rd'): Promise<string> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(body) })
  const signUpRes = await post('/api/auth/sign-up/email', { email, password, name: 'bench' })
  if (!signUpRes.ok) throw new Error(`sign-up failed: ${signUpRes.status} ${await signUpRes.text()}`)
  const verified = await post('/api/auth/email-otp/verify-email', { email, otp: await mailbox.waitForCode(email), password })
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`)
  let cookie = cookiesOf(verified, '')
  const session = (await (await fetch(`${url}/api/session`, { headers: { cookie } })).json()) as { user: { secondFactorRequired?: boolean } | null }
  if (session.user?.secondFactorRequired) {
    const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
      const res = await post('/graphql', { query, variables }, cookie)
      cookie = cookiesOf(res, cookie)
      const body = (await res.json()) as { data?: T; errors?: unknown[] }
      if (body.errors || !body.data) throw new Error(`two-factor set-up failed: ${JSON.stringify(body.errors)}`)
      return body.data
    }
    const { startTwoFactorSetup } = await gql<{ startTwoFactorSetup: { secret: string } }>('mutation($p: String!) { startTwoFactorSetup(password: $p) { secret } }', { p: password })
    await gql('mutation($c: String!) { enableTwoFactor(code: $c) { recoveryCodes } }', { c: await nextTotpCode(startTwoFactorSetup.secret) })
  }
  return cookie
}

/** The cookie header after an answer: the one before, with the cookies the answer set. */
function cookiesOf(res: Response, before: string): string {
  const jar = new Map(before ? before.split('; ').map((c) => [c.split('=')[0]!, c] as const) : [])
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0]!
    jar.set(pair.split('=')[0]!, pair)
  }
  return [...jar.values()].join('; ')
}
