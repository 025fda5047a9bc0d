import { Redis } from 'ioredis'
import type { Logger } from '../logger'

export type RedisClient = Redis

/**
 * A Redis connection for commands (rate-limit counters, caches). When REDIS_URL is set, server/app.ts
 * registers one as `ctx.services.redis`; read it with `getRedis()` (server/events/get-redis.ts).
 * Subscriptions need connections of their own: the event bus opens those itself.
 */
export function createRedisClient(url: string, log: Logger, name = 'redis'): RedisClient {
  const client = new Redis(url, {
    connectionName: `meshwork-${name}`,
    // Commands wait for a reconnect instead of failing at once; a request still fails after ~10 s.
    maxRetriesPerRequest: 3,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  })
  let lastError = ''
  client.on('error', (error: Error) => {
    // ioredis reports every reconnect attempt: log a repeated error once.
    if (error.message === lastError) return
    lastError = error.message
    log.warn({ err: error, connection: name }, 'redis connection error')
  })
  client.on('ready', () => (lastError = ''))
  return client
}

/** Closes politely (QUIT), or drops the connection when the server cannot be reached. */
export async function closeRedisClient(client: RedisClient) {
  if (client.status === 'end') return
  try {
    await Promise.race([client.quit(), new Promise((_, reject) => setTimeout(() => reject(new Error('quit timed out')), 2000))])
  } catch {
    client.disconnect()
  }
}
