import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import net from 'node:net'

/** Lowest port handed out here: above the well-known and most registered services' ports. */
const LOWEST = 10_000

/** The range the kernel takes the local ports of outgoing connections from (Linux's default if unreadable). */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number)
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!]
  } catch {
    /* not Linux */
  }
  return [32_768, 60_999]
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A loopback port free now, for a process the test starts a moment later. It is taken below the
 * ephemeral range: a port the kernel handed out with `listen(0)` can meanwhile become the local port of
 * any outgoing connection (to PostgreSQL, Redis, a test server), and the process then fails to start
 * with EADDRINUSE. Ports below the range are only ever taken by a listener.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralPortRange()
  if (ephemeralLow - LOWEST >= 1000) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = randomInt(LOWEST, ephemeralLow)
      if (await canListen(port)) return port
    }
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
