import type { Env } from '../core/env'
import { normalizeAddress, type TrustedProxies } from '../core/trusted-proxies'

/**
 * The dev mailbox shows every mail, verification codes included, to whoever opens it. It exists only
 * when no SMTP server is configured and the site is not published anywhere but this machine (PUBLIC_URL
 * unset or a loopback address).
 */
export function isDevMailboxEnabled(env: Pick<Env, 'SMTP_URL' | 'PUBLIC_URL'>): boolean {
  if (env.SMTP_URL) return false
  return env.PUBLIC_URL === undefined || isLoopbackUrl(env.PUBLIC_URL)
}

/** What the server knows of who asks for the mailbox, from the socket and never from a header's value. */
export interface DevMailboxVisitor {
  /** The socket's own peer address (PEER_IP_HEADER, stamped from the socket). */
  peerIp: string | undefined
  /** The request carries X-Forwarded-For or Forwarded: a proxy (or someone posing as one) is in between. */
  forwarded: boolean
}

/**
 * Whether this visitor may read the mailbox: it must exist, and the request must come from this
 * machine itself, directly: the socket's peer is a loopback address, no proxy sits in between (no
 * forwarding header, and the peer is not one of TRUSTED_PROXIES, which relays others' requests). The
 * Host header plays no part: the client chooses it. So a server listening on every interface with
 * PUBLIC_URL unset never shows a code to another machine.
 */
export function mayReadDevMailbox(env: Pick<Env, 'SMTP_URL' | 'PUBLIC_URL'>, visitor: DevMailboxVisitor, trustedProxies: TrustedProxies): boolean {
  if (!isDevMailboxEnabled(env) || visitor.forwarded || trustedProxies.has(visitor.peerIp)) return false
  return isLoopbackAddress(visitor.peerIp)
}

export function isLoopbackAddress(value: string | undefined): boolean {
  const address = normalizeAddress(value)
  return address === '::1' || (address !== undefined && /^127(\.\d{1,3}){3}$/.test(address))
}

function isLoopbackUrl(url: string) {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}
