
export const TEST_PASSWORD = 'Str0ng!Passw0rd'

export interface SessionUser {
  id: string
  email: string
  /** Cookie header value of the signed-in session. */
  cookie: string
}

/**
 * A signed-in client through the real auth API: sign up, mark the address verified with `sql` on the
 * server's database (the mailed code is the accounts feature's concern, tested there), sign in, keep
 * the session cookie.
 */
export async function createSessionUser(baseUrl: string, sql: (text: string, params: unknown[]) => Promise<unknown>, email: string): Promise<SessionUser> {
  await post(baseUrl, '/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: email.split('@')[0] })
  await sql('UPDATE "user" SET email_verified = true WHERE email = $1', [email])
  const res = await post(baseUrl, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const session = (await (await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie, origin: baseUrl } })).json()) as { user: { id: string } }
  return { id: session.user.id, email, cookie }
}

async function post(baseUrl: string, path: string, body: unknown) {
  const res = await fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return res
}
