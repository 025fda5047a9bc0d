import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../setup/test-server'

describe('REDIS_URL set but Redis unreachable', { timeout: 120_000 }, () => {
  let server: TestServer | undefined
  afterAll(async () => {
    await server?.stop()
    server?.cleanup()
  })

  it('still serves, and /healthz says the realtime link is down', async () => {
    // A port that was free a moment ago: nothing answers there.
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port
        srv.close(() => resolve(p))
      })
    })
    server = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } })
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'degraded', database: { reachable: true }, realtime: { kind: 'redis', up: false } })
    expect(server.logs.some((l) => l.includes('redis connection error'))).toBe(true)
  })
})
