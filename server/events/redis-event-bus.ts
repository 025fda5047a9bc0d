import type { Logger } from '../logger'
import { closeRedisClient, createRedisClient, type RedisClient } from './create-redis-client'
import type { EventBus, EventHandler } from './event-bus'

const PREFIX = 'ev:'

interface Topic {
  handlers: Set<EventHandler>
  /** Resolves once Redis confirmed the SUBSCRIBE. */
  ready: Promise<unknown>
}

/**
 * The EventBus over Redis pub/sub, so an event published on one instance reaches subscribers on all.
 * Publishing goes through `publisher` (the shared command connection when given); a subscribed Redis
 * connection can run no other command, so the bus opens its own for subscriptions.
 * Messages travel as JSON: subscribers receive a copy, as with the in-process bus.
 */
export function createRedisEventBus(options: { url: string; log: Logger; publisher?: RedisClient }): EventBus {
  const ownsPublisher = !options.publisher
  const publisher = options.publisher ?? createRedisClient(options.url, options.log, 'redis-publish')
  const subscriber = createRedisClient(options.url, options.log, 'redis-subscribe')
  const topics = new Map<string, Topic>()

  subscriber.on('message', (channel: string, raw: string) => {
    const topic = topics.get(channel.slice(PREFIX.length))
    if (!topic) return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch (error) {
      options.log.warn({ err: error, channel }, 'ignored an event that is not JSON')
      return
    }
    for (const handler of [...topic.handlers]) {
      try {
        // Each handler gets its own copy, so one cannot change what the next one sees.
        handler(topic.handlers.size > 1 ? structuredClone(message) : message)
      } catch (error) {
        options.log.error({ err: error, channel }, 'an event handler failed')
      }
    }
  })

  return {
    kind: 'redis',
    async publish(topic, message) {
      await publisher.publish(PREFIX + topic, JSON.stringify(message))
    },
    async subscribe(name, handler) {
      let topic = topics.get(name)
      if (!topic) {
        // Map updates are synchronous, and ioredis sends commands in call order, so an UNSUBSCRIBE
        // of the last handler followed by a new SUBSCRIBE for the same topic stays in that order.
        topic = { handlers: new Set(), ready: subscriber.subscribe(PREFIX + name) }
        topics.set(name, topic)
      }
      topic.handlers.add(handler)
      const current = topic
      await current.ready
      return async () => {
        current.handlers.delete(handler)
        if (current.handlers.size === 0 && topics.get(name) === current) {
          topics.delete(name)
          if (subscriber.status === 'ready') await subscriber.unsubscribe(PREFIX + name)
        }
      }
    },
    async close() {
      topics.clear()
      await closeRedisClient(subscriber)
      if (ownsPublisher) await closeRedisClient(publisher)
    },
  }
}
