import { createRequire } from 'node:module'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>

// autocannon ships no type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  total: number
  failed: number
}

/** A bounded local load: `connections` keep-alive connections for `seconds`, loopback only. */
export async function runLoad(url: string, { connections = 20, seconds = 5, headers }: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const { hostname } = new URL(url)
  if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error(`bench load runs against loopback only, not ${hostname}`)
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  }
}

export function formatLoad(label: string, r: LoadResult) {
  return `${label.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.p99Ms.toFixed(1).padStart(6)} ms   (${r.total} requests${r.failed ? `, ${r.failed} failed` : ''})`
}
