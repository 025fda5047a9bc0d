import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Hono } from 'hono'
import type { AppContext } from '../context/app-context'

/**
 * A feature that adds to the server (auth, GraphQL, uploads, outbox worker, ...).
 * Each one is listed once in server/plugins.ts; nothing else in server/app.ts changes.
 */
export interface ServerPlugin {
  name: string
  /** Runs once at start, before the server listens. Register services in ctx.services here. */
  setup?(ctx: AppContext): Promise<void> | void
  /** Adds routes to the Hono app (before the page handler). */
  routes?(app: Hono, ctx: AppContext): void
  /** Raw Node handler for protocols that need the request stream (tus). Return true when handled. */
  node?(req: IncomingMessage, res: ServerResponse, ctx: AppContext): boolean
  /** WebSocket upgrades (graphql-ws). Return true when handled. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, ctx: AppContext): boolean
  /**
   * Runs at shutdown as soon as the HTTP server stops accepting connections, before it waits for open
   * ones: close long-lived connections here (upgraded WebSockets would otherwise hold the shutdown).
   */
  drain?(ctx: AppContext): Promise<void> | void
  /** Runs at shutdown after the HTTP server stopped accepting requests, before the database closes. */
  stop?(ctx: AppContext): Promise<void> | void
}
