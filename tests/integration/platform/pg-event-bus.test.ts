import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPgNotifications, type PgNotifications } from '../../../server/db/pg-notifications'
import type { EventBus } from '../../../server/events/event-bus'
import { createPgEventBus } from '../../../server/events/pg-event-bus'
import { openTestContext, type TestContext } from './support/test-context'

// The event bus over PostgreSQL's LISTEN/NOTIFY, as two processes of one server use it.
describe('PostgreSQL event bus between two processes', () => {
  let t: TestContext
  const notifications: PgNotifications[] = []
  let a: EventBus
  let b: EventBus
  beforeAll(async () => {
    t = await openTestContext()
    for (let i = 0; i < 2; i++) notifications.push(createPgNotifications(t.ctx.database.pool, t.ctx.log))
    a = createPgEventBus({ pool: t.ctx.database.pool, notifications: notifications[0]!, log: t.ctx.log })
    b = createPgEventBus({ pool: t.ctx.database.pool, notifications: notifications[1]!, log: t.ctx.log })
    expect(await a.waitUntilLive(5000)).toBe(true)
    expect(await b.waitUntilLive(5000)).toBe(true)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    for (const n of notifications) await n.close()
    await t?.close()
  })

  it('delivers what one publishes to the other, in the order it was sent, each subscriber its own copy', async () => {
    const topic = `conversation:${Date.now()}`
    const first: { n: number; list: string[] }[] = []
    const second: { n: number; list: string[] }[] = []
    const stopFirst = await b.subscribe(topic, (m) => {
      const message = m as { n: number; list: string[] }
      message.list.push('changed')
      first.push(message)
    })
    const stopSecond = await b.subscribe(topic, (m) => second.push(m as { n: number; list: string[] }))
    await Promise.all(Array.from({ length: 50 }, (_, n) => a.publish(topic, { n, list: ['x'] })))
    await expect.poll(() => second.length).toBe(50)
    expect(second.map((m) => m.n)).toEqual(Array.from({ length: 50 }, (_, n) => n))
    expect(second.every((m) => m.list.length === 1)).toBe(true)
    await stopFirst()
    await a.publish(topic, { n: 50, list: [] })
    await expect.poll(() => second.length).toBe(51)
    expect(first).toHaveLength(50)
    await stopSecond()
  })

  it('a message too large for a notification tells the subscribers to read what they missed', async () => {
    const topic = `conversation:${Date.now()}:large`
    const statuses: boolean[] = []
    const received: unknown[] = []
    const stop = await b.subscribe(topic, (m) => received.push(m), { onStatus: (live) => statuses.push(live) })
    await a.publish(topic, { text: 'x'.repeat(10_000) })
    await expect.poll(() => statuses).toEqual([false, true])
    expect(received).toEqual([])
    await stop()
  })

  it('says it is not live while its connection is down, and is live again after', async () => {
    const listener = createPgNotifications(t.ctx.database.pool, t.ctx.log)
    const bus = createPgEventBus({ pool: t.ctx.database.pool, notifications: listener, log: t.ctx.log })
    const statuses: boolean[] = []
    const stop = await bus.subscribe('down-and-up', () => {}, { onStatus: (live) => statuses.push(live) })
    expect(bus.isLive()).toBe(true)
    // The database ends the listening connection (as a restart or a network cut would).
    await t.ctx.database.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN events' AND pid <> pg_backend_pid()`)
    await expect.poll(() => statuses[0]).toBe(false)
    await expect.poll(() => bus.isLive(), { timeout: 10_000 }).toBe(true)
    expect(statuses).toEqual([false, true])
    await stop()
    await bus.close()
    await listener.close()
  })
})
