import { request } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { connectToServerDatabase } from './support/server-database'

const servers: TestServer[] = []
afterAll(async () => {
  for (const server of servers) {
    await server.stop()
    server.cleanup()
  }
})

/** GET with a chosen Host header, as a visitor reaching the server by its network address would send. */
function getWithHost(url: string, host: string) {
  return new Promise<number>((resolve, reject) => {
    request(url, { headers: { host } }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
      .on('error', reject)
      .end()
  })
}

const mail = (to: string, subject: string, text: string) => JSON.stringify({ to, subject, text })

describe('dev mailbox page', { timeout: 120_000 }, () => {
  it('lists the mails newest first when no SMTP is configured and the site runs on loopback', async () => {
    const server = await startTestServer()
    servers.push(server)
    const db = await connectToServerDatabase(server.dataDir)
    await db.query(`INSERT INTO outbox (channel, kind, payload) VALUES ('mail', 'verification-code', $1)`, [mail('first@example.test', 'Verify your email', 'Your code is 111222.')])
    await new Promise((r) => setTimeout(r, 50))
    await db.query(`INSERT INTO outbox (channel, kind, payload) VALUES ('mail', 'verification-code', $1)`, [mail('second@example.test', 'Reset your password', 'Your code is 333444.')])
    await db.query(`INSERT INTO outbox (channel, kind, payload) VALUES ('notification', 'contact', '{"name":"Not a mail"}')`)
    await expect
      .poll(async () => (await db.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'done'`)).rows[0].n, { timeout: 10_000 })
      .toBe(3)
    await db.end()

    const res = await fetch(`${server.url}/dev/mailbox`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain('<h1 class="text-3xl font-semibold">Dev mailbox</h1>')
    expect(html).toContain('Your code is 111222.')
    expect(html).toContain('Your code is 333444.')
    expect(html).not.toContain('Not a mail')
    expect(html.indexOf('second@example.test')).toBeLessThan(html.indexOf('first@example.test'))
    expect(html.indexOf('Reset your password')).toBeLessThan(html.indexOf('Verify your email'))
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    // Who may read it is decided by the socket's peer, never by the Host header
    // (tests/integration/security/dev-mailbox-exposure.test.ts reaches it from another address).
    expect(await getWithHost(`${server.url}/dev/mailbox`, `192.168.1.20:${new URL(server.url).port}`)).toBe(200)
    // And the mail was printed to the server log.
    expect(server.logs.some((l) => l.includes('mail (not sent, no SMTP_URL) to first@example.test: Verify your email'))).toBe(true)
  })

  it('does not exist when the public address is not this machine', async () => {
    const server = await startTestServer({ env: { PUBLIC_URL: 'https://meshwork-engineering.co.uk' } })
    servers.push(server)
    const res = await fetch(`${server.url}/dev/mailbox`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('Dev mailbox')
  })

  it('does not exist when SMTP is configured', async () => {
    const server = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:2' } })
    servers.push(server)
    const res = await fetch(`${server.url}/dev/mailbox`)
    expect(res.status).toBe(404)
  })
})
