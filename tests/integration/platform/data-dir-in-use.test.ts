import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { serverEntry } from '../../setup/server-entry'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { connectToServerDatabase, isAlive, processesUsing } from './support/server-database'

const root = path.resolve(import.meta.dirname, '../../..')
const servers: TestServer[] = []

afterAll(async () => {
  for (const server of servers) await server.stop()
  for (const dir of new Set(servers.map((s) => s.dataDir))) {
    for (const pid of processesUsing(dir)) if (isAlive(pid)) process.kill(pid, 'SIGQUIT')
    rmSync(dir, { recursive: true, force: true })
  }
})

/**
 * Runs an entry point on `dataDir`, as a second `npm start` would, until it exits; one still running
 * after 30 s (it started instead of refusing) is stopped and reported with code null.
 */
function runSecond(entry: string, dataDir: string) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let stdout = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, stdout })
    })
  })
}

async function expectServing(server: TestServer) {
  const res = await fetch(`${server.url}/healthz`)
  expect(res.status).toBe(200)
  expect(((await res.json()) as { database: { reachable: boolean } }).database.reachable).toBe(true)
  const db = await connectToServerDatabase(server.dataDir)
  try {
    expect((await db.query('SELECT count(*)::int AS n FROM "user"')).rows[0].n).toBe(0)
  } finally {
    await db.end()
  }
}

describe('a second server on a DATA_DIR already in use', { timeout: 240_000 }, () => {
  it('refuses to start, names the DATA_DIR and the process holding it, and the first keeps serving; after kill -9 a new start succeeds', async () => {
    const first = await startTestServer()
    servers.push(first)
    const holderPid = first.process.pid!

    // The server itself (what runs under any process manager), then `npm start` (scripts/start.mjs).
    for (const entry of [serverEntry, path.join(root, 'scripts/start.mjs')]) {
      const second = await runSecond(entry, first.dataDir)
      expect(second.code).toBe(75)
      expect(second.stderr).toContain(`DATA_DIR ${first.dataDir} is in use by a running server (pid ${holderPid}, since `)
      expect(second.stderr).toContain('Stop that process first, or start this server with another DATA_DIR (or with DATABASE_URL).')
      expect(second.stdout).not.toContain('Site ready')
      await expectServing(first)
    }

    // A crash leaves the lock file and the first server's PostgreSQL behind: neither blocks the next start.
    expect(await first.kill('SIGKILL')).toBe(null)
    const third = await startTestServer({ dataDir: first.dataDir })
    servers.push(third)
    await expectServing(third)
    expect(await third.stop()).toBe(0)
  })
})
