import pg from 'pg'
import type { Logger } from '../core/logger'
import { logDatabaseError } from './database-unavailable'

export type NotificationHandler = (payload: string) => void

export interface PgNotifications {
  /** Listens on `channel` (LISTEN is sent now, and again after every reconnect). */
  listen(channel: string, handler: NotificationHandler): Promise<void>
  /** True while the connection listens: a notification sent now will arrive. */
  isLive(): boolean
  /** Called with false when notifications may be missed from now on, and with true once listening again. */
  onStatus(handler: (live: boolean) => void): void
  close(): Promise<void>
}

/**
 * One LISTEN connection per process to the database every instance shares, for what PostgreSQL itself
 * announces (NOTIFY from a trigger or a statement, delivered at commit to every listener). It
 * reconnects by itself; while it is down, isLive() is false and whoever relies on it must not trust
 * what it may have missed. While the process is stopping (`stopping`), the database going away with
 * it is logged at debug level only.
 */
export function createPgNotifications(pool: pg.Pool, log: Logger, { stopping = () => false }: { stopping?: () => boolean } = {}): PgNotifications {
  const handlers = new Map<string, Set<NotificationHandler>>()
  const statusHandlers = new Set<(live: boolean) => void>()
  let client: pg.Client | undefined
  let live = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let connecting: Promise<void> | undefined

  const setLive = (next: boolean) => {
    if (next === live) return
    live = next
    for (const handler of statusHandlers) handler(next)
  }
  const connect = () =>
    (connecting ??= (async () => {
      const fresh = new pg.Client(pool.options)
      fresh.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
      })
      fresh.on('error', (error) => {
        logDatabaseError(log, error, () => stopping() || closed, 'lost the database notification connection; reconnecting')
        drop(fresh)
      })
      fresh.on('end', () => drop(fresh))
      try {
        await fresh.connect()
        for (const channel of handlers.keys()) await fresh.query(`LISTEN ${quote(channel)}`)
        client = fresh
        setLive(true)
      } catch (error) {
        logDatabaseError(log, error, () => stopping() || closed, 'could not listen for database notifications; retrying')
        drop(fresh)
      } finally {
        connecting = undefined
      }
    })())
  const drop = (which: pg.Client) => {
    which.end().catch(() => {})
    if (client !== which && client !== undefined) return
    client = undefined
    setLive(false)
    clearTimeout(retry)
    if (!closed) retry = setTimeout(() => void connect(), 1000)
  }

  return {
    async listen(channel, handler) {
      let set = handlers.get(channel)
      if (!set) {
        handlers.set(channel, (set = new Set()))
        if (client) await client.query(`LISTEN ${quote(channel)}`)
      }
      set.add(handler)
      if (!client && !closed) await connect()
    },
    isLive: () => live,
    onStatus(handler) {
      statusHandlers.add(handler)
    },
    async close() {
      closed = true
      clearTimeout(retry)
      await connecting
      const current = client
      client = undefined
      setLive(false)
      await current?.end().catch(() => {})
    },
  }
}

/** A channel name as an SQL identifier. */
function quote(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`)
  return channel
}
