/**
 * Realtime fan-out (chat stream parts, etc.). In-process by default; Redis pub/sub when REDIS_URL is set,
 * so a message published on one instance reaches subscribers connected to another.
 */
export type EventHandler = (message: unknown) => void

export interface EventBus {
  kind: 'in-process' | 'redis'
  publish(topic: string, message: unknown): Promise<void>
  /** Returns a function that ends the subscription. Resolves once the subscription is active. */
  subscribe(topic: string, handler: EventHandler): Promise<() => Promise<void>>
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
    async close() {
      topics.clear()
    },
  }
}
