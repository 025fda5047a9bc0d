import { existsSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAlive, postmasterPid, processesUsing } from '../../integration/platform/support/server-database'
import { serverProcessesOf } from '../../setup/server-processes'
import { spawnTestServer, type TestServer } from '../../setup/test-server'

/** How long a client waits for an answer before it calls the request hung. */
const HUNG_AFTER_MS = 15_000
const CLIENTS = 6
const KILLS = 3

/** One request on a connection of its own (each new connection goes to one of the processes). */
function request(url: string, timeoutMs = HUNG_AFTER_MS): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve(res.statusCode === 200 ? `ok ${body}` : `status ${res.statusCode}`))
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    })
    req.setTimeout(timeoutMs, () => {
      resolve('hung')
      req.destroy()
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

// WEB_CONCURRENCY=2 on the embedded PostgreSQL, as one machine runs it: first a server process killed
// (kill -9) under steady load, three times over; then the primary itself.
describe('server processes killed (WEB_CONCURRENCY=2, embedded PostgreSQL)', { timeout: 240_000 }, () => {
  let server: TestServer
  let dataDir: string
  let next: TestServer | undefined
  beforeAll(async () => {
    server = await spawnTestServer({ env: { WEB_CONCURRENCY: '2', SHUTDOWN_DELAY_SECONDS: '1' } })
    dataDir = server.dataDir
  })
  afterAll(async () => {
    await server?.kill('SIGKILL')
    await next?.stop()
    server?.cleanup()
  })

  it('a worker killed under load: no request is left hanging, and only the ones it had taken fail', async () => {
    const primary = server.process.pid!
    const outcomes: string[] = []
    let running = true
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running) outcomes.push(await request(`${server.url}/livez`))
    })
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        await new Promise((r) => setTimeout(r, 500))
        const [victim] = serverProcessesOf(primary).workers
        process.kill(victim!, 'SIGKILL')
        // Replaced, and the replacement serving, before the next.
        await expect.poll(() => server.logs.filter((l) => l.includes('a replacement server process is ready')).length, { timeout: 60_000 }).toBe(kill + 1)
      }
      await new Promise((r) => setTimeout(r, 500))
    } finally {
      running = false
      await Promise.all(clients)
    }
    const failures = outcomes.filter((o) => !o.startsWith('ok'))
    expect(failures.filter((f) => f === 'hung')).toEqual([])
    // A killed process takes with it at most the connections open to it: never more than the clients.
    expect(failures.length).toBeLessThanOrEqual(CLIENTS * KILLS)
    expect(failures.filter((f) => f !== 'ECONNRESET' && f !== 'socket hang up')).toEqual([])
    expect(outcomes.length - failures.length).toBeGreaterThan(100)
  })

  it('the primary killed: the workers finish their requests, then the database stops and DATA_DIR is free', async () => {
    const primary = server.process.pid!
    const { workers, keeper } = serverProcessesOf(primary)
    expect(workers).toHaveLength(2)
    expect(keeper).toBeGreaterThan(0)
    // Requests on both processes (each connection goes to one), still being served when the primary dies.
    const inFlight = Array.from({ length: 4 }, () => request(`${server.url}/__test/slow?ms=6000`, 30_000))
    await new Promise((r) => setTimeout(r, 500))
    await server.kill('SIGKILL')

    // Meanwhile DATA_DIR is still in use: a second server is refused and the database is left alone.
    const refused = await spawnTestServer({ dataDir, env: { WEB_CONCURRENCY: '2' } }).catch((error: Error) => error.message)
    expect(refused).toContain('server exited with 75')
    expect(refused).toContain('is in use by a server whose primary process')

    expect(await Promise.all(inFlight)).toEqual(Array(4).fill('ok slow response complete'))
    await expect.poll(() => [...workers, keeper!].filter((pid) => isAlive(pid)), { timeout: 60_000 }).toEqual([])
    expect(postmasterPid(dataDir)).toBeUndefined()
    expect(processesUsing(path.join(dataDir, 'postgres'))).toEqual([])
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false)

    // The next start has no PostgreSQL of an earlier run to stop.
    next = await spawnTestServer({ dataDir, env: { WEB_CONCURRENCY: '2' } })
    expect(next.logs.join('\n')).not.toContain('a PostgreSQL from an earlier run still holds the data directory')
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200)
  })
})
