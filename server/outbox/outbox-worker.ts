import pg from 'pg'
import type { AppContext } from '../context/app-context'
import type { Mailer } from '../mail/create-mailer'
import { mailMessageSchema } from '../mail/mail-message-schema'
import { renderMailAttachment } from '../services/reviews/transmittal-attachment'
import { formatDiscordMessage, formatNotificationText } from './format-discord-message'
import { DeliveryError, sendDiscordWebhook } from './send-discord-webhook'
import { logDatabaseError } from '../db/database-unavailable'

export interface OutboxWorkerOptions {
  /** How often to look for due rows when nothing woke the worker (retries come due this way). */
  pollIntervalMs?: number
  /** Deliveries in flight at most; a slow receiver holds one slot, not the whole worker. */
  batchSize?: number
  /** How long a claimed row stays invisible to other workers; after a crash it becomes due again. */
  leaseMs?: number
  /** Attempts before a row is marked dead. */
  maxAttempts?: number
  /** First retry delay; it doubles with every failed attempt up to retryMaxMs. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** Delivered rows are deleted after this long; dead rows stay for inspection. */
  keepDoneMs?: number
}

export interface OutboxWorker {
  start(): Promise<void>
  /** Look for due rows now (an enqueue NOTIFY does this by itself). */
  wake(): void
  /** Stops claiming, lets the deliveries in flight finish, and closes the LISTEN connection. */
  stop(): Promise<void>
}

interface ClaimedRow {
  id: number
  channel: string
  kind: string
  payload: Record<string, unknown>
  attempts: number
  created_at: Date
}

const defaults: Required<OutboxWorkerOptions> = {
  pollIntervalMs: 1000,
  batchSize: 10,
  // Well above the longest delivery (15 s webhook timeout, 10 + 20 s SMTP timeouts), so a live worker
  // never loses its lease to another one.
  leaseMs: 120_000,
  maxAttempts: 12,
  retryBaseMs: 2000,
  retryMaxMs: 15 * 60_000,
  keepDoneMs: 30 * 24 * 3600_000,
}

/**
 * Drains the outbox table. Several instances may run one each: a row is claimed with
 * FOR UPDATE SKIP LOCKED and a lease (locked_until), so no two workers deliver it at once, and a row
 * held by a crashed worker is picked up again once its lease expires. A row is tried again only when
 * its delivery failed, with exponential backoff, and is marked dead after maxAttempts.
 * See docs/decisions/005-outbox-delivery.md.
 */
export function createOutboxWorker(ctx: AppContext, deps: { mailer: Mailer }, options: OutboxWorkerOptions = {}): OutboxWorker {
  const o = { ...defaults, ...options }
  const { log } = ctx
  const pool = ctx.database.pool
  let running = false
  let timer: NodeJS.Timeout | undefined
  let cycle: Promise<void> | undefined
  let wakeAgain = false
  let listener: pg.Client | undefined
  let listenRetry: NodeJS.Timeout | undefined
  let lastCycleError = ''
  let lastSweep = 0
  const inFlight = new Set<Promise<void>>()

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (running) timer = setTimeout(tick, ms)
  }

  function wake() {
    if (!running) return
    if (cycle) wakeAgain = true
    else schedule(0)
  }

  function tick() {
    if (!running || cycle) return
    cycle = drain()
      .then(() => {
        lastCycleError = ''
      })
      .catch((error: Error) => {
        // The database may be restarting: say so once, keep polling.
        if (error.message !== lastCycleError) logDatabaseError(log, error, () => ctx.lifecycle.draining, 'outbox: could not read the outbox table')
        lastCycleError = error.message
      })
      .finally(() => {
        cycle = undefined
        schedule(wakeAgain ? 0 : o.pollIntervalMs)
        wakeAgain = false
      })
  }

  async function drain() {
    if (Date.now() - lastSweep > 3600_000) {
      lastSweep = Date.now()
      const swept = await pool.query(`DELETE FROM outbox WHERE status = 'done' AND delivered_at < now() - $1 * interval '1 millisecond'`, [o.keepDoneMs])
      if (swept.rowCount) log.info({ rows: swept.rowCount }, 'outbox: deleted delivered rows past their retention')
    }
    while (running) {
      const free = o.batchSize - inFlight.size
      if (free <= 0) return // a delivery that ends wakes the worker
      const rows = await claim(free)
      for (const row of rows) {
        const delivery: Promise<void> = deliverRow(row)
          .catch((error: Error) => log.error({ err: error, outbox: row.id }, 'outbox: delivery crashed; the row is retried after its lease'))
          .finally(() => {
            inFlight.delete(delivery)
            wake()
          })
        inFlight.add(delivery)
      }
      if (rows.length < free) return
    }
  }

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const result = await pool.query<ClaimedRow>(
      `UPDATE outbox o
          SET locked_until = now() + $2 * interval '1 millisecond', attempts = o.attempts + 1
         FROM (SELECT id FROM outbox
                WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
                ORDER BY next_attempt_at, id
                LIMIT $1
                FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
    RETURNING o.id, o.channel, o.kind, o.payload, o.attempts, o.created_at`,
      [limit, o.leaseMs],
    )
    // bigserial comes back from pg as a string.
    return result.rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id)
  }

  async function deliverRow(row: ClaimedRow) {
    let transport: string
    try {
      transport = await deliver(row)
    } catch (error) {
      await recordFailure(row, error as Error)
      return
    }
    // Delivered: from here on the row must never be sent again, so insist on recording it.
    // (`attempts = $2` fences out a worker whose lease ran out; it cannot overwrite a newer claim.)
    for (let i = 0; ; i++) {
      try {
        await pool.query(
          `UPDATE outbox SET status = 'done', delivered_at = now(), locked_until = NULL, last_error = NULL, transport = $3 WHERE id = $1 AND attempts = $2`,
          [row.id, row.attempts, transport],
        )
        log.debug({ outbox: row.id, kind: row.kind, transport }, 'outbox: delivered')
        return
      } catch (error) {
        if (i >= 4) {
          log.error({ err: error, outbox: row.id }, 'outbox: delivered but could not mark the row done; it will be delivered again after its lease')
          return
        }
        await sleep(500 * 2 ** i)
      }
    }
  }

  async function deliver(row: ClaimedRow): Promise<string> {
    if (row.channel === 'mail') {
      const mail = mailMessageSchema.safeParse(row.payload)
      if (!mail.success) throw new DeliveryError(`invalid mail payload: ${mail.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, undefined, false)
      // Attachments are rendered now, from what the row describes (a transmittal: its release's PDF).
      const files = await Promise.all((mail.data.attachments ?? []).map((attachment) => renderMailAttachment(attachment, ctx.db)))
      await deps.mailer.send(mail.data, files)
      return deps.mailer.transport
    }
    if (row.channel === 'notification') {
      const webhook = ctx.env.DISCORD_WEBHOOK_URL
      if (!webhook) {
        log.info({ outbox: row.id, kind: row.kind }, `notification: ${formatNotificationText(row.kind, row.payload)}`)
        return 'log'
      }
      await sendDiscordWebhook(webhook, formatDiscordMessage(row.kind, row.payload, new Date(row.created_at)))
      return 'discord'
    }
    throw new DeliveryError(`unknown channel "${row.channel}"`, undefined, false)
  }

  async function recordFailure(row: ClaimedRow, error: Error & { retryAfterMs?: number; retryable?: boolean }) {
    const dead = error.retryable === false || row.attempts >= o.maxAttempts
    const backoff = Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** (row.attempts - 1)) * (0.8 + Math.random() * 0.4)
    const delayMs = Math.round(Math.max(backoff, error.retryAfterMs ?? 0))
    const message = (error.message || String(error)).slice(0, 1000)
    try {
      await pool.query(
        `UPDATE outbox SET status = $3, next_attempt_at = now() + $4 * interval '1 millisecond', locked_until = NULL, last_error = $5
          WHERE id = $1 AND attempts = $2`,
        [row.id, row.attempts, dead ? 'dead' : 'pending', delayMs, message],
      )
    } catch (dbError) {
      // The lease runs out by itself and the row is retried then.
      log.warn({ err: dbError, outbox: row.id }, 'outbox: could not record a failed delivery')
    }
    if (dead) log.error({ outbox: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts, error: message }, 'outbox: gave up on a message (marked dead)')
    else log.warn({ outbox: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts, retryInMs: delayMs, error: message }, 'outbox: delivery failed, will retry')
  }

  async function listen() {
    if (!running) return
    const client = new pg.Client(pool.options)
    client.on('notification', () => wake())
    client.on('error', (error) => {
      logDatabaseError(log, error, () => ctx.lifecycle.draining, 'outbox: lost the LISTEN connection; polling until it is back')
      if (listener === client) listener = undefined
      client.end().catch(() => {})
      clearTimeout(listenRetry)
      if (running) listenRetry = setTimeout(() => void listen(), 2000)
    })
    try {
      await client.connect()
      await client.query('LISTEN outbox')
      listener = client
      if (!running) await closeListener()
      // Anything enqueued while we were not listening is due now.
      wake()
    } catch (error) {
      client.end().catch(() => {})
      if (running) {
        logDatabaseError(log, error, () => ctx.lifecycle.draining, 'outbox: could not LISTEN; polling')
        clearTimeout(listenRetry)
        listenRetry = setTimeout(() => void listen(), 2000)
      }
    }
  }

  async function closeListener() {
    const client = listener
    listener = undefined
    if (client) await client.end().catch(() => {})
  }

  return {
    async start() {
      if (running) return
      running = true
      await listen()
      wake()
    },
    wake,
    async stop() {
      running = false
      clearTimeout(timer)
      clearTimeout(listenRetry)
      await cycle
      await Promise.all(inFlight)
      await closeListener()
    },
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
