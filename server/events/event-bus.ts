/**
 * Realtime fan-out (chat stream parts, etc.). In-process by default; Redis pub/sub when REDIS_URL is set,
 * so a message published on one instance reaches subscribers connected to another.
 *
 * Delivery is best effort: while Redis is unreachable, a publish is dropped (logged once) and
 * subscribers may miss messages. A subscriber that must see every message keeps its messages in the
 * database too and uses `onStatus` to catch up: it is told when delivery stops (live = false) and when
 * it is back (live = true).
 */
export type EventHandler = (message: unknown) => void

export interface SubscribeOptions {
  /** Called with false when messages may be missed from now on, and with true once delivery is back. */
  onStatus?: (live: boolean) => void
}

export interface EventBus {
  kind: 'in-process' | 'redis' | 'postgres'
  /** Never rejects for a transport failure: a message that cannot be sent is dropped. */
  publish(topic: string, message: unknown): Promise<void>
  /**
   * Returns a function that ends the subscription. Resolves once the subscription is active, or at once
   * while the transport is down (the subscription becomes active when it is back).
   */
  subscribe(topic: string, handler: EventHandler, options?: SubscribeOptions): Promise<() => Promise<void>>
  /** False while messages may be missed (Redis unreachable). */
  isLive(): boolean
  /** Resolves with true once delivery works, or with false after `timeoutMs` (at start-up). */
  waitUntilLive(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

export function createInProcessEventBus(): EventBus {
  const topics = new Map<string, Set<EventHandler>>()
  return {
    kind: 'in-process',
    async publish(topic, message) {
      // A structured clone keeps subscribers from sharing (and mutating) one object, as over Redis.
      const copy = JSON.parse(JSON.stringify(message)) as unknown
      for (const handler of topics.get(topic) ?? []) handler(copy)
    },
    async subscribe(topic, handler) {
      let set = topics.get(topic)
      if (!set) topics.set(topic, (set = new Set()))
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0) topics.delete(topic)
      }
    },
    isLive: () => true,
    waitUntilLive: async () => true,
    async close() {
      topics.clear()
    },
  }
}
