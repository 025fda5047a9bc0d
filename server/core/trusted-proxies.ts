import { BlockList, isIPv4, isIPv6 } from 'node:net'

/**
 * Network addresses as the server compares them: IPv4 dotted, IPv6 in its canonical short form, and
 * an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, how a dual-stack socket reports an IPv4 peer)
 * as the IPv4 address it carries, so one visitor is one address however the socket reports them.
 */
export function normalizeAddress(value: string | undefined): string | undefined {
  if (!value) return undefined
  let address = value.trim()
  // X-Forwarded-For entries sometimes carry a port: "[2001:db8::1]:443" or "203.0.113.7:51234".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) address = bracketed[1]!
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'))
  // A zone (fe80::1%eth0) names the interface, not the host.
  address = address.replace(/%.*$/, '')
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return undefined
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical)
  if (mapped) {
    const high = parseInt(mapped[1]!, 16)
    const low = parseInt(mapped[2]!, 16)
    return [high >> 8, high & 255, low >> 8, low & 255].join('.')
  }
  return canonical
}

export interface AddressRange {
  address: string
  prefix: number
  family: 'ipv4' | 'ipv6'
}

/**
 * One TRUSTED_PROXIES entry: an address ("10.0.0.2", "::1") or a CIDR range ("10.0.0.0/8",
 * "fd00::/8"). An IPv4-mapped IPv6 range is read as the IPv4 range it covers. Undefined when the
 * entry is neither.
 */
export function parseAddressRange(entry: string): AddressRange | undefined {
  const parts = entry.trim().split('/')
  const [rawAddress = '', rawPrefix] = parts
  if (parts.length > 2 || rawAddress.includes('%') || (!isIPv4(rawAddress) && !isIPv6(rawAddress))) return undefined
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return undefined
  const address = normalizeAddress(rawAddress)!
  const isMapped = isIPv6(rawAddress) && isIPv4(address)
  const family = isIPv4(address) ? 'ipv4' : 'ipv6'
  const bits = family === 'ipv4' ? 32 : 128
  let prefix = rawPrefix === undefined ? bits : Number(rawPrefix)
  if (isMapped && rawPrefix !== undefined) {
    // ::ffff:10.0.0.0/104 is 10.0.0.0/8; a shorter prefix would reach beyond the mapped block.
    if (prefix < 96 || prefix > 128) return undefined
    prefix -= 96
  }
  if (prefix > bits) return undefined
  return { address, prefix, family }
}

export interface TrustedProxies {
  /** Whether the address (as a socket or X-Forwarded-For reports it) is one of the trusted proxies. */
  has(address: string | undefined): boolean
  readonly size: number
}

/** The TRUSTED_PROXIES set, from entries parseAddressRange accepts (the environment check ran first). */
export function createTrustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList()
  let size = 0
  for (const entry of entries) {
    const range = parseAddressRange(entry)
    if (!range) throw new Error(`Not an IP address or CIDR range: ${entry}`)
    list.addSubnet(range.address, range.prefix, range.family)
    size++
  }
  return {
    size,
    has(value) {
      if (size === 0) return false
      const address = normalizeAddress(value)
      if (!address) return false
      return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')
    },
  }
}

/**
 * The visitor's address. A peer that is not a trusted proxy is the visitor, whatever headers it sends.
 * Behind trusted proxies, X-Forwarded-For is read from the right (each proxy appends the address it
 * received the request from): trusted hops are skipped and the first untrusted address is the
 * visitor; when every hop is trusted, the leftmost one. An entry that is not an address stops the walk
 * at the last hop that could be believed (it was written by the client, not by a proxy).
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const peerAddress = normalizeAddress(peer) ?? 'unknown'
  if (!forwardedFor || !trusted.has(peerAddress)) return peerAddress
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  let client = peerAddress
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i])
    if (!hop) return client
    client = hop
    if (!trusted.has(hop)) return hop
  }
  return client
}
