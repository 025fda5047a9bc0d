import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SERVER_NODE_FLAGS } from '../../server/code-generation'
import { freePort } from '../../tests/setup/free-port'
import { serverEntry } from '../../tests/setup/server-entry'

export const root = path.resolve(import.meta.dirname, '../..')

export interface BenchServer {
  url: string
  pid: number
  dataDir: string
  /** Milliseconds from spawning the process to the first 200 from /healthz. */
  msToHealthy: number
  process: ChildProcess
  stop(): Promise<void>
}

/**
 * Starts the production server (BUILD_DIR respected) on a free loopback port with the embedded
 * PostgreSQL in `dataDir`, and times how long it takes to answer /healthz with 200.
 */
export async function startBenchServer(dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  // BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverEntry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHUTDOWN_DELAY_SECONDS: '0', ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let msToHealthy: number | undefined
  while (msToHealthy === undefined) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`)
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL')
      throw new Error('the server was not healthy after 120 s')
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })
      await res.body?.cancel()
      if (res.status === 200) msToHealthy = performance.now() - started
    } catch {
      /* not listening yet */
    }
    if (msToHealthy === undefined) await new Promise((r) => setTimeout(r, 10))
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    msToHealthy,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** Resident memory of one process in MiB (VmRSS in /proc/<pid>/status). */
export function rssMiB(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : undefined
  } catch {
    return undefined
  }
}

/** The embedded postmaster of a data directory and all its backends (children), as pids. */
export function postgresPids(dataDir: string): { postmaster?: number; all: number[] } {
  let postmaster: number | undefined
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return { all: [] }
  }
  const all = [postmaster]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === postmaster) all.push(Number(entry))
    } catch {
      /* gone */
    }
  }
  return { postmaster, all }
}

/** Proportional set size in MiB (shared pages split among the processes sharing them), when the kernel offers it. */
export function pssMiB(pid: number): number | undefined {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : undefined
  } catch {
    return undefined
  }
}

/**
 * CPU time (user + system) the processes have used so far, in ms; a process gone is counted as 0.
 * Read before and after a run, it gives CPU per request, a figure that holds on a busy machine
 * where requests per second do not.
 */
export function cpuMs(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // After the comm: state(0) ppid(1) ... utime(11) stime(12), in clock ticks of 10 ms.
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      /* gone */
    }
  }
  return ticks * 10
}
