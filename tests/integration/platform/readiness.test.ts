import http from 'node:http'
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../setup/test-server'

/** One GET over a fresh connection, keeping the Connection header (fetch hides it). */
function get(url: string): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: new http.Agent({ keepAlive: true }) }, (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }))
      })
      .on('error', reject)
  })
}

describe('liveness, readiness and a deploy that drops nothing', { timeout: 120_000 }, () => {
  let server: TestServer | undefined
  afterAll(async () => {
    await server?.kill('SIGKILL')
    server?.cleanup()
  })

  it('answers /livez and /readyz, then on SIGTERM reports not-ready while it still serves, then stops', async () => {
    server = await startTestServer({ env: { SHUTDOWN_DELAY_SECONDS: '3' } })
    expect(await get(`${server.url}/livez`)).toMatchObject({ status: 200, body: JSON.stringify({ status: 'alive' }) })
    expect(await get(`${server.url}/readyz`)).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ready' }) })

    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)))
    const signalledAt = Date.now()
    server.process.kill('SIGTERM')
    await expect.poll(async () => (await get(`${server!.url}/readyz`)).status, { interval: 50 }).toBe(503)
    expect(JSON.parse((await get(`${server.url}/readyz`)).body)).toEqual({ status: 'draining' })

    // Still serving during the delay, each answer closing its connection so the next goes elsewhere.
    const page = await get(`${server.url}/livez`)
    expect(page.status).toBe(200)
    expect(page.connection).toBe('close')
    const slow = get(`${server.url}/__test/slow?ms=1000`)
    expect(await slow).toMatchObject({ status: 200, body: 'slow response complete' })

    expect(await exited).toBe(0)
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(3000)
    expect(server.logs.join('\n')).toContain('not ready: waiting for the load balancer to stop sending requests')
  })

  it('a client straight to the instance: a connection it opened before the instance stopped listening is still served', async () => {
    server = await startTestServer({ env: { SHUTDOWN_DELAY_SECONDS: '1' } })
    const port = Number(new URL(server.url).port)
    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)))
    server.process.kill('SIGTERM')
    await expect.poll(async () => (await get(`${server!.url}/readyz`)).status, { interval: 50 }).toBe(503)
    // Connected (the kernel accepted it, the server took it) but its request not sent yet...
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
    let answer = ''
    socket.on('data', (c: Buffer) => (answer += c.toString()))
    const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)).once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message)))
    // ...when the instance stops listening: a new connection is refused from then on.
    const refused = () =>
      new Promise<boolean>((resolve) => {
        const probe = net.connect(port, '127.0.0.1')
        probe.once('connect', () => (probe.destroy(), resolve(false)))
        probe.once('error', () => resolve(true))
      })
    await expect.poll(refused, { interval: 20 }).toBe(true)
    socket.write(`GET /livez HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
    const response = await closed
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(response.toLowerCase()).toContain('connection: close')
    expect(response).toContain(JSON.stringify({ status: 'alive' }))
    expect(await exited).toBe(0)
  })
})
