import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../setup/test-server'
import { startWebhookReceiver, type WebhookReceiver } from '../integration/platform/support/receivers'
import { createScratchDatabase, SYSTEM_REDIS_URL, type ScratchDatabase } from '../integration/platform/support/scratch-database'

// Two production servers as separate processes on one system PostgreSQL and one Redis: the grown-up deployment.
describe('two instances on the system PostgreSQL and Redis', { timeout: 120_000 }, () => {
  let scratch: ScratchDatabase
  let receiver: WebhookReceiver
  const servers: TestServer[] = []

  beforeAll(async () => {
    scratch = await createScratchDatabase()
    receiver = await startWebhookReceiver(() => ({ status: 204, delayMs: 5 }))
    const env = { DATABASE_URL: scratch.url, REDIS_URL: SYSTEM_REDIS_URL, DISCORD_WEBHOOK_URL: receiver.url }
    // Started together: the migrations run once, under the advisory lock.
    servers.push(...(await Promise.all([startTestServer({ env }), startTestServer({ env })])))
  })
  afterAll(async () => {
    for (const server of servers) {
      await server.stop()
      server.cleanup()
    }
    await receiver?.close()
    await scratch?.drop()
  })

  it('report the external database and the Redis event bus', async () => {
    for (const server of servers) {
      const health = await (await fetch(`${server.url}/healthz`)).json()
      expect(health.database).toMatchObject({ reachable: true, kind: 'external' })
      expect(health).toMatchObject({ status: 'ok', realtime: { kind: 'redis', up: true } })
    }
  })

  it('share the outbox: every row is delivered exactly once between them', async () => {
    const db = new pg.Client({ connectionString: scratch.url })
    await db.connect()
    try {
      for (let i = 0; i < 40; i++) {
        await db.query(`INSERT INTO outbox (channel, kind, payload) VALUES ('notification', 'activity', $1)`, [JSON.stringify({ summary: `event ${i}` })])
      }
      await expect.poll(async () => (await db.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'done'`)).rows[0].n, { timeout: 20_000 }).toBe(40)
    } finally {
      await db.end()
    }
    const contents = receiver.accepted.map((m) => (m as { content: string }).content).sort()
    expect(contents).toHaveLength(40)
    expect(new Set(contents).size).toBe(40)
  })

  it('stop cleanly and leave no connection behind', async () => {
    for (const server of servers.splice(0)) {
      expect(await server.stop()).toBe(0)
      server.cleanup()
    }
    const admin = new pg.Client({ connectionString: scratch.url })
    await admin.connect()
    const name = new URL(scratch.url).pathname.slice(1)
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])
    await admin.end()
    expect(rows[0].n).toBe(0)
  })
})
