import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../setup/test-server'

const root = path.resolve(import.meta.dirname, '../../..')

/** An address of this machine that is not loopback: how another machine on the network reaches the server. */
function networkAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  throw new Error('This machine has no network address besides loopback, so no request can reach the server as another machine would: the test cannot run here.')
}

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
      .on('error', reject)
      .end()
  })
}

/** Signs up, which mails a verification code. */
async function signUp(server: TestServer, email: string) {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'Str0ng!Passw0rd', name: 'Mailbox Test' }),
  })
  expect(res.status).toBe(200)
}

describe('the dev mailbox on a server listening on every interface (HOST=0.0.0.0, no SMTP)', { timeout: 120_000 }, () => {
  let server: TestServer
  let port: string
  let code = ''
  const email = 'codes@example.test'
  beforeAll(async () => {
    server = await startTestServer({ env: { HOST: '0.0.0.0' } })
    port = new URL(server.url).port
    await signUp(server, email)
    // The outbox worker delivers the code mail to the mailbox a moment after the sign-up commits.
    for (let i = 0; i < 100 && !code; i++) {
      code = /is:\s+(\d{6})\b/.exec((await get(`http://127.0.0.1:${port}/dev/mailbox`)).body)?.[1] ?? ''
      if (!code) await new Promise((r) => setTimeout(r, 100))
    }
    if (!code) throw new Error('the verification mail never reached the dev mailbox')
  })
  afterAll(async () => {
    await server?.stop()
    server?.cleanup()
  })

  it('shows the codes to a browser on this machine (loopback)', async () => {
    const res = await get(`http://127.0.0.1:${port}/dev/mailbox`)
    expect(res.status).toBe(200)
    expect(res.body).toContain(email)
    expect(res.body).toContain(code)
  })

  it('does not exist for a request from another address, whatever Host it names', async () => {
    const address = networkAddress()
    for (const host of [`${address}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`]) {
      const res = await get(`http://${address}:${port}/dev/mailbox`, { host })
      expect(res.status, `Host: ${host}`).toBe(404)
      expect(res.body).not.toContain('Your code to verify your email address')
      expect(res.body).not.toContain(email)
    }
  })

  it('does not exist for a request that came through a proxy (a forwarding header), even on loopback', async () => {
    const forwardingHeaders: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }]
    for (const headers of forwardingHeaders) {
      const res = await get(`http://127.0.0.1:${port}/dev/mailbox`, headers)
      expect(res.status, JSON.stringify(headers)).toBe(404)
      expect(res.body).not.toContain('Your code to verify your email address')
    }
  })

  it('keeps the code out of a log that is not a terminal: recipient and subject, and where to read it', () => {
    const lines = server.logs.filter((l) => l.includes(`mail (not sent, no SMTP_URL) to ${email}`))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('/dev/mailbox')
    expect(server.logs.join('\n')).not.toContain('Your code to verify your email address')
    expect(server.logs.join('\n')).not.toMatch(new RegExp(`\\b${code}\\b`))
  })
})

describe('the dev mailbox behind a trusted proxy', { timeout: 120_000 }, () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } })
  })
  afterAll(async () => {
    await server?.stop()
    server?.cleanup()
  })

  it('does not exist when the loopback peer is a proxy that relays other machines', async () => {
    const res = await get(`${server.url}/dev/mailbox`)
    expect(res.status).toBe(404)
  })
})

describe('the dev mail transport at a terminal', () => {
  it('prints the whole mail, code included, when stdout is a TTY', () => {
    const script = path.join(root, 'tests/integration/security/support/send-dev-mail.ts')
    // script(1) runs the command on a pseudo-terminal, as `npm start` in a terminal window does.
    const output = execFileSync('script', ['-qefc', `${process.execPath} --import tsx ${script} tty@example.test 246810`, '/dev/null'], { cwd: root, encoding: 'utf8', timeout: 30_000 })
    expect(output).toContain('mail (not sent, no SMTP_URL) to tty@example.test: Your verification code')
    expect(output).toContain('246810')
    // Piped (not a terminal): the same mail without its text.
    const piped = execFileSync(process.execPath, ['--import', 'tsx', script, 'pipe@example.test', '135790'], { cwd: root, encoding: 'utf8', timeout: 30_000 })
    expect(piped).toContain('mail (not sent, no SMTP_URL) to pipe@example.test: Your verification code (read it at http://localhost:3000/dev/mailbox)')
    expect(piped).not.toContain('135790')
  })
})
