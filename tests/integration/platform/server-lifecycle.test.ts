import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { startWebhookReceiver } from './support/receivers'
import { connectToServerDatabase, isAlive, postmasterPid, processesUsing } from './support/server-database'
import { newDataDir } from '../../setup/data-dir'
import { serverEntry } from '../../setup/server-entry'

// The production server as a real child process (tests/setup/test-server.ts), with its embedded PostgreSQL.
const root = path.resolve(import.meta.dirname, '../../..')
const servers: TestServer[] = []
const dataDirs: string[] = []

async function start(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options)
  servers.push(server)
  return server
}

/** The production server on its own data directory, in a process group of its own (detached), whose output the test reads. */
function spawnInOwnGroup(command: string, args: string[], dataDir: string) {
  return spawn(command, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
}

afterAll(async () => {
  // Normally every server has stopped already; after a failed test, stop what is left.
  for (const server of servers) await server.stop()
  for (const dir of [...servers.map((s) => s.dataDir), ...dataDirs]) {
    // A postmaster left behind by a failed test would hold the directory: stop it before removing it.
    for (const pid of processesUsing(dir)) if (isAlive(pid)) process.kill(pid, 'SIGQUIT')
    rmSync(dir, { recursive: true, force: true })
  }
})

// Each test starts real servers (one to two start-ups of several seconds each on a busy machine).
describe('server start and stop', { timeout: 240_000 }, () => {
  it('finishes a request in flight on SIGTERM, refuses new ones, stops PostgreSQL and exits 0', async () => {
    const server = await start()
    const postmaster = postmasterPid(server.dataDir)
    expect(postmaster).toBeDefined()
    const slow = fetch(`${server.url}/__test/slow?ms=1500`)
    await new Promise((r) => setTimeout(r, 300))
    const exited = server.stop()
    await new Promise((r) => setTimeout(r, 200))
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    const res = await slow
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('slow response complete')
    expect(await exited).toBe(0)
    const messages = server.logs.map((l) => (l.startsWith('{') ? (JSON.parse(l) as { msg: string }).msg : l))
    expect(messages).toContain('shutting down')
    expect(messages.at(-1)).toBe('stopped')
    // Nothing went wrong on the way down (a database closed under a live client would log an error).
    expect(server.logs.filter((l) => /"level":(50|60)/.test(l))).toEqual([])
    // A start on the embedded defaults has nothing to warn about (better-auth once warned of the unset
    // base URL). Nor has the shutdown: the database going away with the server is said at debug level.
    const startUp = server.logs.slice(0, server.logs.findIndex((l) => l.includes('Site ready')) + 1)
    expect(startUp.length).toBeGreaterThan(1)
    expect(server.logs.filter((l) => /"level":40/.test(l))).toEqual([])
    expect(isAlive(postmaster!)).toBe(false)
    expect(processesUsing(server.dataDir)).toEqual([])
  })

  it('stops the same way on SIGINT', async () => {
    const server = await start()
    const postmaster = postmasterPid(server.dataDir)!
    expect(await server.kill('SIGINT')).toBe(0)
    expect(isAlive(postmaster)).toBe(false)
  })

  it('shuts down cleanly on Ctrl-C, when the terminal signals PostgreSQL too', async () => {
    const dataDir = await newDataDir('platform-ctrl-c-', { empty: true })
    dataDirs.push(dataDir)
    // Its own process group, like a foreground job in a terminal: a group signal reaches node and postgres.
    const child = spawnInOwnGroup(process.execPath, [serverEntry], dataDir)
    let out = ''
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    try {
      await expect.poll(() => out.includes('Site ready at'), { timeout: 60_000, interval: 100 }).toBe(true)
      const postmaster = postmasterPid(dataDir)!
      process.kill(-child.pid!, 'SIGINT')
      expect(await exited).toBe(0)
      expect(out.split('\n').filter((l) => /"level":(50|60)/.test(l))).toEqual([])
      expect(out).toContain('"msg":"stopped"')
      expect(isAlive(postmaster)).toBe(false)
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    }
  })

  it('stops `npm start` on Ctrl-C without a stack trace, though PostgreSQL ends its connections first', async () => {
    const dataDir = await newDataDir('platform-npm-start-', { empty: true })
    dataDirs.push(dataDir)
    // As typed in a terminal: npm, the server and its PostgreSQL in one foreground process group, which
    // Ctrl-C signals all at once. The build is fresh (the global setup made it), so this only serves.
    const child = spawnInOwnGroup('npm', ['start'], dataDir)
    let out = ''
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
    // Once every process holding the output is gone (npm may end before the server it started), with
    // the status a shell reports: npm ends by the signal itself, which a shell shows as 130.
    const exited = new Promise<number | string | null>((resolve) => child.once('close', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : signal))))
    try {
      await expect.poll(() => out.includes('Site ready at'), { timeout: 180_000, interval: 100 }).toBe(true)
      // The server at work: its outbox and notification connections are open when the signal comes.
      await new Promise((r) => setTimeout(r, 1000))
      const postmaster = postmasterPid(dataDir)!
      // What the stop prints (a start-up notice, such as mail going to the log without SMTP_URL, is not the stop's).
      const startedUp = out.length
      process.kill(-child.pid!, 'SIGINT')
      expect([0, 130]).toContain(await exited)
      const stopping = out.slice(startedUp)
      expect(stopping).toContain('"msg":"stopped"')
      expect(out).not.toMatch(/\n\s+at |"stack"|Error:|ERR!/)
      expect(stopping.split('\n').filter((l) => /"level":(40|50|60)/.test(l))).toEqual([])
      expect(isAlive(postmaster)).toBe(false)
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    }
  })

  it('recovers by itself after a crash that left its PostgreSQL running, with every committed row', async () => {
    const dataDir = await newDataDir('platform-crash-')
    dataDirs.push(dataDir)
    const first = await start({ dataDir })
    const db = await connectToServerDatabase(dataDir)
    for (let i = 0; i < 20; i++) await db.query(`INSERT INTO contact (name, email, message) VALUES ($1, 'crash@example.test', 'before the crash')`, [`Visitor ${i}`])
    await db.end()
    const orphan = postmasterPid(dataDir)!
    expect(await first.kill('SIGKILL')).toBe(null)
    // SIGKILL gives the server no chance to stop its PostgreSQL: it is still there.
    expect(isAlive(orphan)).toBe(true)

    const second = await start({ dataDir })
    expect(isAlive(orphan)).toBe(false)
    const health = await (await fetch(`${second.url}/healthz`)).json()
    expect(health.database.reachable).toBe(true)
    const again = await connectToServerDatabase(dataDir)
    const rows = await again.query(`SELECT count(*)::int AS n FROM contact WHERE email = 'crash@example.test'`)
    await again.end()
    expect(rows.rows[0].n).toBe(20)
    expect(await second.stop()).toBe(0)
    expect(processesUsing(dataDir)).toEqual([])
  })

  it('delivers an outbox row that was still pending when the server stopped, after the restart', async () => {
    let accepting = false
    const receiver = await startWebhookReceiver(() => ({ status: accepting ? 204 : 503 }))
    const dataDir = await newDataDir('platform-restart-')
    dataDirs.push(dataDir)
    try {
      const env = { DISCORD_WEBHOOK_URL: receiver.url }
      const first = await start({ dataDir, env })
      const db = await connectToServerDatabase(dataDir)
      const { rows } = await db.query(`INSERT INTO outbox (channel, kind, payload) VALUES ('notification', 'contact', '{"name":"Grace","message":"Across a restart"}') RETURNING id`)
      const id = rows[0].id as string
      await expect.poll(() => receiver.requests.length, { timeout: 5000 }).toBe(1)
      await db.end()
      expect(await first.stop()).toBe(0)

      accepting = true
      const second = await start({ dataDir, env })
      // The retry is due ~2 s after the failed attempt.
      await expect.poll(() => receiver.accepted.length, { timeout: 15_000 }).toBe(1)
      const after = await connectToServerDatabase(dataDir)
      await expect
        .poll(async () => (await after.query('SELECT status, attempts FROM outbox WHERE id = $1', [id])).rows[0], { timeout: 5000 })
        .toEqual({ status: 'done', attempts: 2 })
      await after.end()
      expect(receiver.accepted[0]).toMatchObject({ content: '**New contact message**', embeds: [{ description: 'Across a restart' }] })
      expect(await second.stop()).toBe(0)
      expect(receiver.accepted).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  })
})

describe('configuration errors', { timeout: 120_000 }, () => {
  function runWithEnv(env: Record<string, string>) {
    return new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [serverEntry], {
        cwd: root,
        env: { ...process.env, DATA_DIR: path.join(os.tmpdir(), 'platform-never-created'), HOST: '127.0.0.1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
      child.on('exit', (code) => resolve({ code, stderr }))
    })
  }

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL: must be a URL'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL: must start with redis:// or rediss://'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: must be at least 32 characters'],
  ])('%o stops the server with a message naming the variable', async (env, message) => {
    const { code, stderr } = await runWithEnv(env)
    expect(code).toBe(78)
    expect(stderr).toContain('Invalid configuration:')
    expect(stderr).toContain(`  - ${message}`)
  })
})
