import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runLoad, type LoadResult } from './load'

/**
 * Installs a Debian package when its command is missing (the bench runs as root on these machines);
 * returns whether the command is there now. Says so when it cannot.
 */
export function ensureCommand(command: string, packages: string[]): boolean {
  const found = () => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
  if (!found()) installPackages(packages)
  return found()
}

/** Installs Debian packages with apt-get; says so when it cannot. */
export function installPackages(packages: string[]) {
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'ignore', env })
  } catch {
    console.log(`(apt-get could not install ${packages.join(' ')})`)
  }
}

export interface WrkOptions {
  connections?: number
  seconds?: number
  headers?: Record<string, string>
  method?: string
  body?: string
}

/**
 * A load from wrk (C, one thread: it takes a core, as little of it as a load generator can), loopback
 * only; autocannon (in Node) where wrk is missing.
 */
export async function runWrk(url: string, { connections = 50, seconds = 5, headers = {}, method = 'GET', body }: WrkOptions = {}): Promise<LoadResult & { tool: string }> {
  const { hostname } = new URL(url)
  if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error(`bench load runs against loopback only, not ${hostname}`)
  if (!ensureCommand('wrk', ['wrk'])) {
    if (method !== 'GET') throw new Error('wrk is needed for a load with a body')
    return { ...(await runLoad(url, { connections, seconds, headers })), tool: 'autocannon' }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-'))
  try {
    const script = path.join(dir, 'request.lua')
    writeFileSync(
      script,
      [
        `wrk.method = ${JSON.stringify(method)}`,
        ...(body !== undefined ? [`wrk.body = ${JSON.stringify(body)}`] : []),
        ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
        // Counts answers other than 2xx/3xx, which wrk reports but does not fail on.
        'local failed = 0',
        'function response(status) if status >= 400 then failed = failed + 1 end end',
        'function done() io.write("failed " .. failed .. "\\n") end',
      ].join('\n'),
    )
    // One thread per process: done() sees that thread's counter.
    const out = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url], { encoding: 'utf8' })
    const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN)
    const toMs = (value: string, unit: string) => Number(value) * (unit === 's' ? 1000 : unit === 'us' ? 0.001 : 1)
    const latency = (p: string) => {
      const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out)
      return m ? toMs(m[1]!, m[2]!) : NaN
    }
    const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
    return {
      tool: 'wrk',
      requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
      p50Ms: latency('50'),
      p99Ms: latency('99'),
      total: number(/(\d+) requests in/),
      failed: number(/failed (\d+)/) + (errors ? errors.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
