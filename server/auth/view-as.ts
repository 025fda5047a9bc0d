import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { ServerPlugin } from '../http/plugin'

/**
 * "View as": an admin opens the portal as a chosen client would see it, read-only. The choice is a
 * cookie bound to the admin's own session and signed with the site's secret (a client cannot make
 * one, and it means nothing with another session). While it is sent, the actor of every request is
 * that client's (their company, their role, nothing of the admin's rights), and every request that
 * could change anything is refused before any handler: every unsafe method, and WebSocket upgrades
 * (a GraphQL mutation can travel over one). Only stopping, and signing out, go through.
 */
export const VIEW_AS_COOKIE = 'mwk.view_as'
const COOKIE = /(?:^|;\s*)(?:__Secure-)?mwk\.view_as=([^;]+)/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** What may be posted while viewing as a client: stopping it, and signing out. */
const ALLOWED_WRITES = new Set(['/api/view-as/stop', '/api/auth/sign-out'])
export const VIEW_AS_READ_ONLY = 'Viewing the portal as a client is read-only. Stop viewing as the client to make changes.'

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`view-as:${payload}`).digest('base64url')
}

/** The cookie's value: the client's id and the admin's session id, signed. */
export function viewAsCookieValue(secret: string, clientId: string, sessionId: string): string {
  const payload = `${clientId}.${sessionId}`
  return `${payload}.${signature(secret, payload)}`
}

/** The client an admin's session views the portal as, from a request's cookie; null when none (or forged). */
export function readViewAs(cookieHeader: string | null | undefined, secret: string): { clientId: string; sessionId: string } | null {
  const value = COOKIE.exec(cookieHeader ?? '')?.[1]
  if (!value) return null
  const [clientId, sessionId, sig] = decodeURIComponent(value).split('.')
  if (!clientId || !sessionId || !sig) return null
  const expected = Buffer.from(signature(secret, `${clientId}.${sessionId}`))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { clientId, sessionId } : null
}

/** Whether a request carries a view-as cookie at all (signed or not: either way it changes nothing). */
export function hasViewAsCookie(req: Pick<IncomingMessage, 'headers'>): boolean {
  return COOKIE.test(req.headers.cookie ?? '')
}

export const viewAsGuardPlugin: ServerPlugin = {
  name: 'view-as-guard',
  node(req, res) {
    if (!hasViewAsCookie(req) || SAFE_METHODS.has((req.method ?? 'GET').toUpperCase())) return false
    if (ALLOWED_WRITES.has((req.url ?? '').split('?')[0]!)) return false
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' }).end(VIEW_AS_READ_ONLY)
    return true
  },
  upgrade(req, socket) {
    if (!hasViewAsCookie(req)) return false
    socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(VIEW_AS_READ_ONLY)}\r\n\r\n${VIEW_AS_READ_ONLY}`)
    return true
  },
}
