import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A loopback SMTP receiver so a bench can sign up and read its verification code like a user. */
export async function startCodeMailbox() {
  const mails: { to: string[]; raw: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    async code(email: string): Promise<string> {
      for (let i = 0; i < 300; i++) {
        const mail = mails.filter((m) => m.to.includes(email)).at(-1)
        const code = mail && /^\s+(\d{6})\s*$/m.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1]
        if (code) return code
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no code for ${email}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Signs up and verifies an account; returns its session cookie header. */
export async function signUp(url: string, mailbox: Awaited<ReturnType<typeof startCodeMailbox>>, email: string, password = 'Bench!Passw0rd'): Promise<string> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(body) })
  const signUpRes = await post('/api/auth/sign-up/email', { email, password, name: 'bench' })
  if (!signUpRes.ok) throw new Error(`sign-up failed: ${signUpRes.status} ${await signUpRes.text()}`)
  const verified = await post('/api/auth/email-otp/verify-email', { email, otp: await mailbox.code(email) })
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`)
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
