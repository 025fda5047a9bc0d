import pg from 'pg'
import type { PgNotifications } from '../db/pg-notifications'
import type { Logger } from '../core/logger'
import type { EventBus, EventHandler, SubscribeOptions } from './event-bus'

const CHANNEL = 'events'
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7900

interface Subscription {
  handler: EventHandler
  onStatus?: (live: boolean) => void
}

/**
 * The EventBus over PostgreSQL's LISTEN/NOTIFY, for several processes of one server (WEB_CONCURRENCY)
 * or several instances without Redis: every process already shares the database. Messages go out on
 * one connection of their own, so a process's messages arrive in the order it sent them; each process
 * hears every message on one channel and hands it to its subscribers of that topic.
 *
 * A message too large for a notification is not sent: its subscribers are told that delivery
 * stopped and resumed, so those who keep their messages in the database (the chat's stream parts)
 * read it from there. While the listening connection is down, isLive() is false and subscribers are
 * told the same way.
 */
export function createPgEventBus({ pool, notifications, log }: { pool: pg.Pool; notifications: PgNotifications; log: Logger }): EventBus {
  const topics = new Map<string, Set<Subscription>>()
  let publisher: pg.Client | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let lastError = ''
  let listening: Promise<void> | undefined

  const tell = (subscriptions: Iterable<Subscription>, live: boolean) => {
    for (const s of subscriptions) {
      try {
        s.onStatus?.(live)
      } catch (error) {
        log.error({ err: error }, 'an event status handler failed')
      }
    }
  }
  notifications.onStatus((live) => tell([...topics.values()].flatMap((set) => [...set]), live))
  const listen = () =>
    (listening ??= notifications.listen(CHANNEL, (payload) => {
      let envelope: { t: string; m?: unknown; gap?: true }
      try {
        envelope = JSON.parse(payload) as typeof envelope
      } catch {
        return
      }
      const subscriptions = topics.get(envelope.t)
      if (!subscriptions) return
      if (envelope.gap) {
        tell(subscriptions, false)
        tell(subscriptions, true)
        return
      }
      for (const s of [...subscriptions]) {
        try {
          s.handler(subscriptions.size > 1 ? structuredClone(envelope.m) : envelope.m)
        } catch (error) {
          log.error({ err: error, topic: envelope.t }, 'an event handler failed')
        }
      }
    }))

  const send = async (payload: string) => {
    if (!publisher) {
      const client = new pg.Client(pool.options)
      client.on('error', () => {
        if (publisher === client) publisher = undefined
        client.end().catch(() => {})
      })
      await client.connect()
      publisher = client
    }
    await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
  }

  return {
    kind: 'postgres',
    publish(topic, message) {
      let payload = JSON.stringify({ t: topic, m: message })
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ t: topic, gap: true })
      // One after another on one connection: the order of a process's messages holds.
      const sent = queue.then(() => send(payload))
      queue = sent.then(
        () => {
          lastError = ''
        },
        (error: Error) => {
          if (error.message !== lastError) log.warn({ err: error, topic }, 'an event could not be published (database unreachable)')
          lastError = error.message
        },
      )
      return queue.then(() => undefined)
    },
    async subscribe(topic, handler, options: SubscribeOptions = {}) {
      await listen()
      let subscriptions = topics.get(topic)
      if (!subscriptions) topics.set(topic, (subscriptions = new Set()))
      const subscription: Subscription = { handler, onStatus: options.onStatus }
      subscriptions.add(subscription)
      const current = subscriptions
      return async () => {
        current.delete(subscription)
        if (current.size === 0 && topics.get(topic) === current) topics.delete(topic)
      }
    },
    isLive: () => notifications.isLive(),
    async waitUntilLive(timeoutMs) {
      await Promise.race([listen(), new Promise((resolve) => setTimeout(resolve, timeoutMs))])
      return notifications.isLive()
    },
    async close() {
      topics.clear()
      await queue
      await publisher?.end().catch(() => {})
      publisher = undefined
    },
  }
}
