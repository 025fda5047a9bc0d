import type { IncomingMessage } from 'node:http'
import type { ServerPlugin } from './plugin'
import { isSiteOrigin } from './site-origin'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const CROSS_SITE_REFUSAL = 'Cross-site request refused'

/**
 * Why a request must be refused as cross-site, or undefined when it may go on. A request that carries
 * a cookie acts as the signed-in visitor, so it must come from the site itself: its Origin must be the
 * site's (see site-origin.ts), and a state-changing request must name one (browsers send Origin on
 * every POST, PUT, PATCH and DELETE, so only a script that forges cookies would leave it out). A request
 * without cookies acts as no one (an API token script, a guest) and is not concerned.
 */
export function crossSiteRefusal(req: Pick<IncomingMessage, 'method' | 'headers'>, publicUrl: string | undefined): string | undefined {
  if (!req.headers.cookie) return undefined
  const origin = req.headers.origin
  if (origin === undefined) return UNSAFE_METHODS.has((req.method ?? 'GET').toUpperCase()) ? CROSS_SITE_REFUSAL : undefined
  return isSiteOrigin(origin, { publicUrl, host: req.headers.host }) ? undefined : CROSS_SITE_REFUSAL
}

/**
 * Refuses cross-site requests that carry cookies, at the Node level, before any handler: pages and
 * their actions, /graphql, /api/*, the tus endpoint (which Hono never sees) and WebSocket upgrades.
 */
export const originGuardPlugin: ServerPlugin = {
  name: 'origin-guard',
  node(req, res, ctx) {
    const refusal = crossSiteRefusal(req, ctx.env.PUBLIC_URL)
    if (!refusal) return false
    // The body is not read: close the connection rather than leave it to drain an upload.
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' }).end(refusal)
    return true
  },
  upgrade(req, socket, _head, ctx) {
    const refusal = crossSiteRefusal(req, ctx.env.PUBLIC_URL)
    if (!refusal) return false
    socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(refusal)}\r\n\r\n${refusal}`)
    return true
  },
}
