import { Redis } from 'ioredis'
import type { Logger } from '../core/logger'

export type RedisClient = Redis

export interface RedisClientOptions {
  /** Names the connection in Redis (CLIENT LIST) and in the log. */
  name?: string
  /**
   * A connection that carries subscriptions: commands given while Redis is away wait for it to come
   * back (a SUBSCRIBE is sent on reconnect), instead of failing.
   */
  subscriber?: boolean
}

/** A command that gets no answer within this long fails, so a caller can fall back (e.g. to PostgreSQL). */
const REDIS_COMMAND_TIMEOUT_MS = 500

/**
 * A Redis connection. When REDIS_URL is set, server/app.ts registers one for commands (rate-limit
 * counters, publishing) as `ctx.services.redis`; a feature that uses it checks that it is set.
 *
 * A command connection fails fast while Redis is unreachable (no offline queue, a short command
 * timeout), so nothing that uses it waits seconds for a reconnect: callers check `status === 'ready'`
 * and fall back. It reconnects by itself, forever, with a growing pause of up to 2 s.
 */
export function createRedisClient(url: string, log: Logger, options: RedisClientOptions = {}): RedisClient {
  const name = options.name ?? 'redis'
  const client = new Redis(url, {
    connectionName: `meshwork-${name}`,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
    ...(options.subscriber
      ? { maxRetriesPerRequest: null, autoResubscribe: true }
      : { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
  })
  let lastError = ''
  client.on('error', (error: Error) => {
    // ioredis reports every reconnect attempt: log a repeated error once.
    if (error.message === lastError) return
    lastError = error.message
    log.warn({ err: error, connection: name }, 'redis connection error')
  })
  client.on('ready', () => {
    if (lastError) log.info({ connection: name }, 'redis connection restored')
    lastError = ''
  })
  return client
}

/** True while the connection can run commands. */
export function isRedisReady(client: RedisClient | undefined): client is RedisClient {
  return client?.status === 'ready'
}

/** Closes politely (QUIT), or drops the connection when the server cannot be reached. */
export async function closeRedisClient(client: RedisClient) {
  if (client.status === 'end') return
  if (client.status !== 'ready') {
    client.disconnect()
    return
  }
  try {
    await Promise.race([client.quit(), new Promise((_, reject) => setTimeout(() => reject(new Error('quit timed out')), 2000))])
  } catch {
    client.disconnect()
  }
}

/** Resolves once the connection is ready, or after `timeoutMs` (the caller then goes on without it). */
export function waitForRedisReady(client: RedisClient, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      client.off('ready', onReady)
      resolve(ready)
    }
    const onReady = () => done(true)
    const timer = setTimeout(() => done(false), timeoutMs)
    client.once('ready', onReady)
  })
}
