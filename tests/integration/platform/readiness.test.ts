import http from 'node:http'
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
})
