import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/** A client for the embedded PostgreSQL of a running test server (port and password are in DATA_DIR). */
export async function connectToServerDatabase(dataDir: string): Promise<pg.Client> {
  const { port, password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'app' })
  await client.connect()
  return client
}

/** The postmaster's pid from DATA_DIR/postgres/postmaster.pid, or undefined when it is not running. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined
  } catch {
    return undefined
  }
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Every live process whose command line mentions the data directory (postgres and its children). */
export function processesUsing(dataDir: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dataDir)) found.push(Number(entry))
    } catch {
      /* exited meanwhile */
    }
  }
  return found
}
