import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisEventBus } from '../../server/events/redis-event-bus'
import type { EventBus } from '../../server/events/event-bus'
import { createLogger } from '../../server/core/logger'
import { SYSTEM_REDIS_URL } from '../integration/platform/support/scratch-database'

describe('Redis event bus across two instances', () => {
  const log = createLogger('silent')
  let a: EventBus
  let b: EventBus
  beforeAll(async () => {
    a = createRedisEventBus({ url: SYSTEM_REDIS_URL, log })
    b = createRedisEventBus({ url: SYSTEM_REDIS_URL, log })
    expect(await a.waitUntilLive(5000)).toBe(true)
    expect(await b.waitUntilLive(5000)).toBe(true)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('delivers a message published on one bus to a subscriber on the other', async () => {
    const topic = `test:${Date.now()}:${Math.random()}`
    const received: unknown[] = []
    const unsubscribe = await b.subscribe(topic, (m) => received.push(m))
    await a.publish(topic, { text: 'hello', n: 1 })
    await expect.poll(() => received, { timeout: 3000 }).toEqual([{ text: 'hello', n: 1 }])
    expect(a.kind).toBe('redis')
    await unsubscribe()
  })

  it('delivers to every subscriber of a topic, each with its own copy, and stops after unsubscribing', async () => {
    const topic = `test:${Date.now()}:${Math.random()}`
    const first: Array<{ list: string[] }> = []
    const second: Array<{ list: string[] }> = []
    const stopFirst = await b.subscribe(topic, (m) => {
      const message = m as { list: string[] }
      message.list.push('changed')
      first.push(message)
    })
    const stopSecond = await b.subscribe(topic, (m) => second.push(m as { list: string[] }))
    await a.publish(topic, { list: ['x'] })
    await expect.poll(() => second.length, { timeout: 3000 }).toBe(1)
    expect(first[0]!.list).toEqual(['x', 'changed'])
    expect(second[0]!.list).toEqual(['x'])

    await stopFirst()
    await a.publish(topic, { list: ['y'] })
    await expect.poll(() => second.length, { timeout: 3000 }).toBe(2)
    expect(first).toHaveLength(1)
    await stopSecond()
  })

  it('resubscribes after the last subscriber left and a new one came', async () => {
    const topic = `test:${Date.now()}:${Math.random()}`
    const stop = await b.subscribe(topic, () => {})
    await stop()
    const received: unknown[] = []
    const stopAgain = await b.subscribe(topic, (m) => received.push(m))
    await a.publish(topic, 'again')
    await expect.poll(() => received, { timeout: 3000 }).toEqual(['again'])
    await stopAgain()
  })
})
