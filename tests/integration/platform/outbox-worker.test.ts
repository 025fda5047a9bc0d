import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../../server/db/schema'
import { createMailer } from '../../../server/mail/create-mailer'
import { enqueueOutbox } from '../../../server/outbox/enqueue'
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from '../../../server/outbox/outbox-worker'
import { createCapturingLogger, startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from './support/receivers'
import { openTestContext, testContextForSuite, type TestContext } from './support/test-context'

// Real PostgreSQL (embedded), a real HTTP receiver and a real SMTP server on loopback.
const fast: OutboxWorkerOptions = { retryBaseMs: 150, retryMaxMs: 400, pollIntervalMs: 100 }

describe('outbox worker', () => {
  let t: TestContext
  let receiver: WebhookReceiver
  let smtp: SmtpReceiver
  let failuresLeft = 0
  let rateLimitedOnce = false
  let delayMs = 0
  const captured = createCapturingLogger()
  const workers: OutboxWorker[] = []

  const startWorker = async (options: OutboxWorkerOptions = fast) => {
    const worker = createOutboxWorker(t.ctx, { mailer: createMailer(t.ctx.env, t.ctx.log) }, options)
    workers.push(worker)
    await worker.start()
    return worker
  }
  const row = async (id: number) => (await t.ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!
  const enqueue = async (message: Parameters<typeof enqueueOutbox>[1]) => {
    const [inserted] = await t.ctx.db.insert(outbox).values(message).returning({ id: outbox.id })
    return inserted!.id
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => {
      if (rateLimitedOnce) {
        rateLimitedOnce = false
        return { status: 429, body: { message: 'You are being rate limited.', retry_after: 1.2, global: false } }
      }
      if (failuresLeft > 0) {
        failuresLeft--
        return { status: 500 }
      }
      return { status: 204, delayMs }
    })
    smtp = await startSmtpReceiver()
    t = await openTestContext({ env: { DISCORD_WEBHOOK_URL: receiver.url, SMTP_URL: smtp.url, MAIL_FROM: 'Meshwork Engineering <no-reply@example.test>' }, log: captured.log })
  })
  afterEach(async () => {
    while (workers.length) await workers.pop()!.stop()
    await t.ctx.db.delete(outbox)
    receiver.requests.length = 0
    receiver.accepted.length = 0
    smtp.mails.length = 0
    failuresLeft = 0
    rateLimitedOnce = false
    delayMs = 0
  })
  afterAll(async () => {
    await t?.close()
    await receiver?.close()
    await smtp?.close()
  })

  it('delivers to a receiver that fails twice exactly once, and marks the row done', async () => {
    failuresLeft = 2
    await startWorker()
    const id = await enqueue({ channel: 'notification', kind: 'contact', payload: { name: 'Ada Lovelace', email: 'ada@example.test', message: 'Please quote for a CFD study.' } })
    await expect.poll(async () => (await row(id)).status, { timeout: 10_000 }).toBe('done')
    // Give a wrongly scheduled retry the time to happen before counting.
    await new Promise((r) => setTimeout(r, 1000))
    expect(receiver.requests).toHaveLength(3)
    expect(receiver.accepted).toHaveLength(1)
    expect(receiver.accepted[0]).toMatchObject({
      content: '**New contact message**',
      username: 'Meshwork Engineering',
      embeds: [{ title: 'New contact message', description: 'Please quote for a CFD study.', fields: [{ name: 'Name', value: 'Ada Lovelace' }, { name: 'Email', value: 'ada@example.test' }] }],
      allowed_mentions: { parse: [] },
    })
    const done = await row(id)
    expect(done).toMatchObject({ status: 'done', attempts: 3, transport: 'discord', lastError: null, lockedUntil: null })
    expect(done.deliveredAt).toBeInstanceOf(Date)
    expect(captured.lines.filter((l) => l.msg === 'outbox: delivery failed, will retry' && l.outbox === id)).toHaveLength(2)
  })

  it('waits as long as Discord asks after a 429 before trying again', async () => {
    rateLimitedOnce = true
    await startWorker()
    const id = await enqueue({ channel: 'notification', kind: 'contact', payload: { name: 'Rate' } })
    await expect.poll(() => receiver.requests.length, { timeout: 5000, interval: 20 }).toBe(1)
    const refusedAt = Date.now()
    await expect.poll(async () => (await row(id)).status, { timeout: 10_000, interval: 20 }).toBe('done')
    // The fast test backoff is 150 ms; Discord's retry_after (1.2 s) wins.
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1100)
    expect(receiver.accepted).toHaveLength(1)
  })

  it('sends a mail row through SMTP with its subject and body', async () => {
    await startWorker()
    const id = await enqueue({ channel: 'mail', kind: 'verification-code', payload: { to: 'client@example.test', subject: 'Your verification code', text: 'Your code is 123456.' } })
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1)
    const mail = smtp.mails[0]!
    expect(mail.to).toEqual(['client@example.test'])
    expect(mail.from).toBe('no-reply@example.test')
    expect(mail.subject).toBe('Your verification code')
    expect(mail.raw).toContain('Your code is 123456.')
    expect(mail.raw).toMatch(/^From: Meshwork Engineering <no-reply@example\.test>/m)
    await expect.poll(async () => (await row(id)).status).toBe('done')
    expect((await row(id)).transport).toBe('smtp')
  })

  // Its next poll is a minute away, so a delivery within seconds can only come from the commit's NOTIFY
  // (well within a second on a quiet machine; the bound leaves room for a loaded one).
  it('is woken by the commit of an enqueue, without waiting for its next poll', async () => {
    await startWorker({ ...fast, pollIntervalMs: 60_000 })
    await new Promise((r) => setTimeout(r, 100))
    const started = Date.now()
    await t.ctx.db.transaction(async (tx) => {
      await enqueueOutbox(tx, { channel: 'mail', kind: 'verification-code', payload: { to: 'quick@example.test', subject: 'Code', text: 'Your code is 654321.' } })
    })
    await expect.poll(() => smtp.mails.length, { timeout: 10_000, interval: 20 }).toBe(1)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('does not let a slow receiver hold up a verification mail', async () => {
    // The mail must arrive while the notification is still waiting on its receiver.
    delayMs = 6000
    await startWorker()
    await enqueue({ channel: 'notification', kind: 'contact', payload: { name: 'Slow' } })
    await expect.poll(() => receiver.requests.length, { timeout: 5000, interval: 20 }).toBe(1)
    const started = Date.now()
    await enqueue({ channel: 'mail', kind: 'verification-code', payload: { to: 'waiting@example.test', subject: 'Code', text: 'Your code is 909090.' } })
    await expect.poll(() => smtp.mails.length, { timeout: 5000, interval: 20 }).toBe(1)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(receiver.accepted).toHaveLength(0)
  })

  it('delivers nothing for a transaction that rolled back', async () => {
    await startWorker()
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueueOutbox(tx, { channel: 'notification', kind: 'contact', payload: { name: 'Nobody' } })
        throw new Error('business change failed')
      }),
    ).rejects.toThrow('business change failed')
    await new Promise((r) => setTimeout(r, 500))
    expect(receiver.requests).toHaveLength(0)
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(0)
  })

  it('marks a row dead after the last attempt and logs it', async () => {
    failuresLeft = 1000
    await startWorker({ ...fast, maxAttempts: 3 })
    const id = await enqueue({ channel: 'notification', kind: 'job-request', payload: { title: 'Bracket FEA' } })
    await expect.poll(async () => (await row(id)).status, { timeout: 10_000 }).toBe('dead')
    await new Promise((r) => setTimeout(r, 600))
    expect(receiver.requests).toHaveLength(3)
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 3, lastError: expect.stringContaining('webhook answered 500') })
    expect(captured.lines.find((l) => l.msg === 'outbox: gave up on a message (marked dead)' && l.outbox === id)).toMatchObject({ level: 50, attempts: 3 })
  })

  it('marks a mail with an invalid payload dead without retrying', async () => {
    await startWorker()
    const id = await enqueue({ channel: 'mail', kind: 'verification-code', payload: { to: 'not an address', subject: 'x', text: 'y' } })
    await expect.poll(async () => (await row(id)).status, { timeout: 5000 }).toBe('dead')
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: expect.stringContaining('invalid mail payload: to:') })
    expect(smtp.mails).toHaveLength(0)
  })

  it('lets two workers share the table without delivering any row twice', async () => {
    await startWorker({ ...fast, batchSize: 3 })
    await startWorker({ ...fast, batchSize: 3 })
    delayMs = 20
    const ids = []
    for (let i = 0; i < 30; i++) ids.push(await enqueue({ channel: 'notification', kind: 'activity', payload: { n: i } }))
    await expect.poll(async () => (await t.ctx.db.select().from(outbox).where(eq(outbox.status, 'done'))).length, { timeout: 15_000 }).toBe(30)
    const numbers = receiver.accepted.map((m) => (m as { embeds: Array<{ fields: Array<{ value: string }> }> }).embeds[0]!.fields[0]!.value)
    expect(numbers.sort((a, b) => Number(a) - Number(b))).toEqual(ids.map((_, i) => String(i)))
  })

  it('takes over a row whose worker crashed once its lease has expired, but not before', async () => {
    // Rows as a crashed worker leaves them: claimed (attempts 1, locked_until set), never finished.
    const expired = await enqueue({ channel: 'notification', kind: 'activity', payload: { summary: 'expired lease' } })
    const held = await enqueue({ channel: 'notification', kind: 'activity', payload: { summary: 'live lease' } })
    await t.ctx.db.execute(sql`UPDATE outbox SET attempts = 1, locked_until = now() - interval '1 second' WHERE id = ${expired}`)
    await t.ctx.db.execute(sql`UPDATE outbox SET attempts = 1, locked_until = now() + interval '1 hour' WHERE id = ${held}`)
    await startWorker()
    await expect.poll(async () => (await row(expired)).status, { timeout: 5000 }).toBe('done')
    expect(await row(expired)).toMatchObject({ attempts: 2 })
    await new Promise((r) => setTimeout(r, 500))
    expect(await row(held)).toMatchObject({ status: 'pending', attempts: 1 })
    expect(receiver.accepted).toHaveLength(1)
    expect((receiver.accepted[0] as { content: string }).content).toBe('**Site activity**: expired lease')
  })

  it('deletes delivered rows past their retention, and keeps dead and pending ones', async () => {
    const old = await enqueue({ channel: 'notification', kind: 'activity', payload: { summary: 'old' } })
    const dead = await enqueue({ channel: 'notification', kind: 'activity', payload: { summary: 'dead' } })
    const recent = await enqueue({ channel: 'notification', kind: 'activity', payload: { summary: 'recent' } })
    await t.ctx.db.execute(sql`UPDATE outbox SET status = 'done', delivered_at = now() - interval '31 days' WHERE id = ${old}`)
    await t.ctx.db.execute(sql`UPDATE outbox SET status = 'dead', attempts = 12 WHERE id = ${dead}`)
    await t.ctx.db.execute(sql`UPDATE outbox SET next_attempt_at = now() + interval '1 hour' WHERE id = ${recent}`)
    await startWorker()
    await expect.poll(async () => (await t.ctx.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort((a, b) => a - b), { timeout: 5000 }).toEqual([dead, recent])
  })

  it('finishes the delivery in flight when stopped', async () => {
    delayMs = 800
    const worker = await startWorker()
    const id = await enqueue({ channel: 'notification', kind: 'chat', payload: { message: 'Hello' } })
    await expect.poll(() => receiver.requests.length, { timeout: 5000, interval: 10 }).toBe(1)
    await worker.stop()
    expect(receiver.accepted).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 })
  })
})

describe('outbox worker without a webhook or SMTP', () => {
  const captured = createCapturingLogger()
  const t = testContextForSuite({ log: captured.log })

  it('writes notifications and mails to the log', async () => {
    const worker = createOutboxWorker(t.ctx, { mailer: createMailer(t.ctx.env, t.ctx.log) }, fast)
    await worker.start()
    try {
      await enqueueOutbox(t.ctx.db, { channel: 'notification', kind: 'wallet-disconnect', payload: { address: '0xabc' } })
      await enqueueOutbox(t.ctx.db, { channel: 'mail', kind: 'verification-code', payload: { to: 'new@example.test', subject: 'Verify your email', text: 'Your code is 777888.' } })
      await expect.poll(async () => (await t.ctx.db.select().from(outbox).where(eq(outbox.status, 'done'))).length, { timeout: 5000 }).toBe(2)
    } finally {
      await worker.stop()
    }
    expect(captured.lines.map((l) => l.msg)).toContain('notification: Wallet disconnected | Address: 0xabc')
    const mailLine = captured.lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('mail (not sent, no SMTP_URL) to new@example.test'))
    // This log is not a terminal: the recipient and subject, not the text with its code.
    expect(mailLine?.msg).toBe(`mail (not sent, no SMTP_URL) to new@example.test: Verify your email (read it at ${t.ctx.env.publicUrl}/dev/mailbox)`)
    expect(JSON.stringify(captured.lines)).not.toContain('777888')
    const rows = await t.ctx.db.select({ channel: outbox.channel, transport: outbox.transport }).from(outbox).orderBy(outbox.id)
    expect(rows).toEqual([
      { channel: 'notification', transport: 'log' },
      { channel: 'mail', transport: 'dev-mailbox' },
    ])
  })
})
