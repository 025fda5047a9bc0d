// Outbox latency and throughput to a local webhook receiver, and rate-limiter calls per second on
// PostgreSQL, without the HTTP server: the worker and the limiter against an embedded PostgreSQL.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setAppContext, type AppContext } from '../../server/context/app-context'
import { openDatabase } from '../../server/db/open-database'
import { parseEnv } from '../../server/core/env'
import { createInProcessEventBus } from '../../server/events/event-bus'
import { createLogger } from '../../server/core/logger'
import { createMailer } from '../../server/mail/create-mailer'
import { createOutboxWorker } from '../../server/outbox/outbox-worker'
import { consumeRateLimit } from '../../server/rate-limit/consume-rate-limit'

export default async function run() {
  let received = 0
  let onReceive: (() => void) | undefined
  const receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received++
      onReceive?.()
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  const webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'))
  const log = createLogger('silent')
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DISCORD_WEBHOOK_URL: webhook })
  const database = await openDatabase({ dataDir: env.dataDir, log })
  const ctx: AppContext = { env, log, db: database.db, database, events: createInProcessEventBus(), services: {}, startedAt: new Date(), lifecycle: { draining: false } }
  setAppContext(ctx)
  // A long poll interval: what is measured is the LISTEN/NOTIFY wake-up, not polling.
  const worker = createOutboxWorker(ctx, { mailer: createMailer(env, log) }, { pollIntervalMs: 60_000, batchSize: 20 })
  await worker.start()
  try {
    const insert = (n: number) =>
      database.pool.query(`INSERT INTO outbox (channel, kind, payload) SELECT 'notification', 'activity', jsonb_build_object('n', g) FROM generate_series(1, $1) g`, [n])

    const latencies: number[] = []
    for (let i = 0; i < 30; i++) {
      const arrived = new Promise<void>((r) => (onReceive = r))
      const started = performance.now()
      await insert(1)
      await arrived
      latencies.push(performance.now() - started)
    }
    onReceive = undefined
    latencies.sort((a, b) => a - b)
    console.log(`outbox: commit to webhook delivery (LISTEN/NOTIFY)   p50 ${latencies[15]!.toFixed(1)} ms   max ${latencies.at(-1)!.toFixed(1)} ms   (30 single rows)`)

    const before = received
    const started = performance.now()
    await insert(1000)
    while (received - before < 1000) await new Promise((r) => setTimeout(r, 10))
    const seconds = (performance.now() - started) / 1000
    console.log(`outbox: 1000 rows drained by one worker               ${(1000 / seconds).toFixed(0)} rows/s (${seconds.toFixed(2)} s)`)

    const key = `bench:${randomUUID()}`
    const calls = 2000
    const t0 = performance.now()
    for (let i = 0; i < calls; i += 20) await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit({ key, limit: 1_000_000, windowMs: 60_000 })))
    const rlSeconds = (performance.now() - t0) / 1000
    console.log(`rate limiter on PostgreSQL, one hot key, 20 at once   ${(calls / rlSeconds).toFixed(0)} calls/s`)
  } finally {
    await worker.stop()
    setAppContext(undefined)
    await database.close()
    await new Promise((r) => receiver.close(r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
