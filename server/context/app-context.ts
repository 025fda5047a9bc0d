import type { Env } from '../core/env'
import type { Database, OpenDatabase } from '../db/open-database'
import type { EventBus } from '../events/event-bus'
import type { Logger } from '../core/logger'

/**
 * Everything stateful the server owns, created once in server/app.ts.
 *
 * The React Router server build bundles its own copy of the modules under server/, so module-level
 * singletons would be duplicated. The context therefore lives on globalThis under a registered
 * symbol, and both copies read the same object. Keep module state out of server/ code: put it here.
 */
export interface AppContext {
  env: Env
  log: Logger
  db: Database
  database: OpenDatabase
  events: EventBus
  /** Filled by features as they register (storage, auth, mailer, assistant...). */
  services: Record<string, unknown>
  startedAt: Date
  /** Set when shutdown begins: the instance reports not-ready and refuses new long work (uploads). */
  lifecycle: { draining: boolean }
}

const KEY = Symbol.for('meshwork.appContext')

export function setAppContext(ctx: AppContext | undefined) {
  ;(globalThis as Record<symbol, unknown>)[KEY] = ctx
}

export function getAppContext(): AppContext {
  const ctx = (globalThis as Record<symbol, unknown>)[KEY] as AppContext | undefined
  if (!ctx) throw new Error('The server context is not initialised (the server has not started).')
  return ctx
}
