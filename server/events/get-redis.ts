import { getAppContext } from '../context'
import type { RedisClient } from './create-redis-client'

/**
 * The shared Redis command connection (`ctx.services.redis`), or undefined when REDIS_URL is unset.
 * Use it for state that must be shared by every instance (counters, short-lived caches); keep keys
 * prefixed by feature (e.g. `rl:` for rate limits). Don't SUBSCRIBE on it: use ctx.events for pub/sub.
 */
export function getRedis(): RedisClient | undefined {
  return getAppContext().services.redis as RedisClient | undefined
}
