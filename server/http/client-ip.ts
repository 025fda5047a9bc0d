import type { IncomingMessage } from 'node:http'
import type { ServerPlugin } from './plugin'

/**
 * React Router actions see a Fetch Request, which has no socket. This header carries the peer
 * address from Node's request to the action. It is always overwritten from the socket, so a
 * visitor cannot choose their own rate-limit key by sending it.
 */
export const CLIENT_IP_HEADER = 'x-meshwork-client-ip'

export function clientIpFromRequest(request: Request): string | undefined {
  return request.headers.get(CLIENT_IP_HEADER) ?? undefined
}

/** Stamps every incoming request with the peer address (before any other handler sees it). */
export const clientIpPlugin: ServerPlugin = {
  name: 'client-ip',
  node(req: IncomingMessage) {
    const ip = req.socket.remoteAddress ?? 'unknown'
    // The Fetch adapter builds its Headers from rawHeaders, so drop any copy the client sent there too.
    const raw = req.rawHeaders
    for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i]!.toLowerCase() === CLIENT_IP_HEADER) raw.splice(i, 2)
    raw.push(CLIENT_IP_HEADER, ip)
    req.headers[CLIENT_IP_HEADER] = ip
    return false
  },
}
