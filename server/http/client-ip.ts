import type { IncomingMessage } from 'node:http'
import type { AppContext } from '../context/app-context'
import type { ServerPlugin } from './plugin'
import { createTrustedProxies, normalizeAddress, resolveClientAddress, type TrustedProxies } from '../core/trusted-proxies'

/**
 * React Router actions, GraphQL resolvers and tus hooks see a Fetch Request, which has no socket.
 * Two headers carry what the socket knows from Node's request to them:
 * - the visitor's address (the peer, or behind a trusted proxy the address X-Forwarded-For names),
 *   the key of every per-address limit and the address any record of a request keeps;
 * - the socket's own peer address, for decisions that must not trust any proxy (the dev mailbox).
 * Both are always overwritten from the socket, so a visitor cannot choose them by sending them.
 */
export const CLIENT_IP_HEADER = 'x-meshwork-client-ip'
export const PEER_IP_HEADER = 'x-meshwork-peer-ip'

/** The visitor's address (see CLIENT_IP_HEADER); undefined outside a request the server received. */
export function clientIpFromRequest(request: Pick<Request, 'headers'>): string | undefined {
  return request.headers.get(CLIENT_IP_HEADER) ?? undefined
}

/** The address of the socket's peer, which is a proxy when the request came through one. */
export function peerIpFromRequest(request: Pick<Request, 'headers'>): string | undefined {
  return request.headers.get(PEER_IP_HEADER) ?? undefined
}

const TRUSTED_PROXIES = 'trustedProxies'

/** TRUSTED_PROXIES as parsed at start (empty until the client-ip plugin has set up). */
export function trustedProxiesOf(ctx: AppContext): TrustedProxies {
  return (ctx.services[TRUSTED_PROXIES] as TrustedProxies | undefined) ?? createTrustedProxies([])
}

function stamp(req: IncomingMessage, trusted: TrustedProxies) {
  const peer = normalizeAddress(req.socket.remoteAddress) ?? 'unknown'
  const forwardedFor = req.headers['x-forwarded-for']
  const client = resolveClientAddress(peer, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trusted)
  // The Fetch adapters build their Headers from rawHeaders, so drop any copy the client sent there too.
  const raw = req.rawHeaders
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    const name = raw[i]!.toLowerCase()
    if (name === CLIENT_IP_HEADER || name === PEER_IP_HEADER) raw.splice(i, 2)
  }
  raw.push(CLIENT_IP_HEADER, client, PEER_IP_HEADER, peer)
  req.headers[CLIENT_IP_HEADER] = client
  req.headers[PEER_IP_HEADER] = peer
}

/** Stamps every incoming request and WebSocket upgrade (before any other handler sees it). */
export const clientIpPlugin: ServerPlugin = {
  name: 'client-ip',
  setup(ctx) {
    ctx.services[TRUSTED_PROXIES] = createTrustedProxies(ctx.env.TRUSTED_PROXIES)
  },
  node(req, _res, ctx) {
    stamp(req, trustedProxiesOf(ctx))
    return false
  },
  upgrade(req, _socket, _head, ctx) {
    stamp(req, trustedProxiesOf(ctx))
    return false
  },
}
