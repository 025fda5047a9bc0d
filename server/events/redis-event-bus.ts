import type { Logger } from '../core/logger'
import { closeRedisClient, createRedisClient, isRedisReady, waitForRedisReady, type RedisClient } from './create-redis-client'
import type { EventBus, EventHandler, SubscribeOptions } from './event-bus'

const PREFIX = 'ev:'

interface Subscription {
  handler: EventHandler
  onStatus?: (live: boolean) => void
}

/**
 * The EventBus over Redis pub/sub, so an event published on one instance reaches subscribers on all.
 * Publishing goes through `publisher` (the shared command connection when given); a subscribed Redis
 * connection can run no other command, so the bus opens its own for subscriptions.
 * Messages travel as JSON: subscribers receive a copy, as with the in-process bus.
 *
 * When Redis goes away nothing stays broken: the subscription connection reconnects by itself and
 * subscribes again to every topic that still has a handler (a SUBSCRIBE given meanwhile is sent on
 * reconnect), publishes are dropped while it is away, and each subscriber hears when delivery stops
 * and resumes, so it can catch up from where its messages are stored.
 */
export function createRedisEventBus(options: { url: string; log: Logger; publisher?: RedisClient }): EventBus {
  const ownsPublisher = !options.publisher
  const publisher = options.publisher ?? createRedisClient(options.url, options.log, { name: 'redis-publish' })
  const subscriber = createRedisClient(options.url, options.log, { name: 'redis-subscribe', subscriber: true })
  const topics = new Map<string, Set<Subscription>>()
  /** Each topic's SUBSCRIBE, until Redis confirms it (kept per set, so a topic subscribed again gets its own). */
  const confirmations = new WeakMap<Set<Subscription>, Promise<unknown>>()
  let live = false
  let closed = false
  let lastPublishError = ''

  const setLive = (next: boolean) => {
    if (next === live || closed) return
    live = next
    for (const subscriptions of topics.values()) {
      for (const s of [...subscriptions]) {
        try {
          s.onStatus?.(next)
        } catch (error) {
          options.log.error({ err: error }, 'an event status handler failed')
        }
      }
    }
  }
  // 'ready' comes after ioredis has subscribed again to the topics it held.
  subscriber.on('ready', () => setLive(true))
  subscriber.on('close', () => setLive(false))
  live = subscriber.status === 'ready'

  subscriber.on('message', (channel: string, raw: string) => {
    const subscriptions = topics.get(channel.slice(PREFIX.length))
    if (!subscriptions) return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch (error) {
      options.log.warn({ err: error, channel }, 'ignored an event that is not JSON')
      return
    }
    for (const s of [...subscriptions]) {
      try {
        // Each handler gets its own copy, so one cannot change what the next one sees.
        s.handler(subscriptions.size > 1 ? structuredClone(message) : message)
      } catch (error) {
        options.log.error({ err: error, channel }, 'an event handler failed')
      }
    }
  })

  return {
    kind: 'redis',
    async publish(topic, message) {
      if (!isRedisReady(publisher)) return
      try {
        await publisher.publish(PREFIX + topic, JSON.stringify(message))
        lastPublishError = ''
      } catch (error) {
        const text = (error as Error).message
        if (text !== lastPublishError) options.log.warn({ err: error, topic }, 'an event could not be published (Redis unreachable)')
        lastPublishError = text
      }
    },
    async subscribe(name, handler, subscribeOptions: SubscribeOptions = {}) {
      const subscription: Subscription = { handler, onStatus: subscribeOptions.onStatus }
      let subscriptions = topics.get(name)
      if (!subscriptions) {
        topics.set(name, (subscriptions = new Set()))
        // Queued while Redis is away and sent when it is back; a failure is not remembered.
        confirmations.set(
          subscriptions,
          subscriber.subscribe(PREFIX + name).catch((error: unknown) => {
            options.log.warn({ err: error, topic: name }, 'subscribe failed; it is sent again when Redis is back')
          }),
        )
      }
      subscriptions.add(subscription)
      // Every subscriber waits until Redis has confirmed the topic, the second one of an instance too
      // (its SUBSCRIBE may still be on the way): one that went on before would read the stored parts,
      // then miss a part published before Redis sent the topic here. Only while connected: a
      // subscriber must not hang on an outage.
      const confirmed = confirmations.get(subscriptions)
      if (confirmed && live) await confirmed
      const current = subscriptions
      return async () => {
        current.delete(subscription)
        if (current.size === 0 && topics.get(name) === current) {
          topics.delete(name)
          const unsubscribed = subscriber.unsubscribe(PREFIX + name).catch(() => {})
          if (live) await unsubscribed
        }
      }
    },
    isLive: () => live,
    async waitUntilLive(timeoutMs) {
      const [subscribed, publishing] = await Promise.all([waitForRedisReady(subscriber, timeoutMs), waitForRedisReady(publisher, timeoutMs)])
      return subscribed && publishing
    },
    async close() {
      closed = true
      topics.clear()
      await closeRedisClient(subscriber)
      if (ownsPublisher) await closeRedisClient(publisher)
    },
  }
}
