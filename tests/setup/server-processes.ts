import { execFileSync } from 'node:child_process'
import { DATABASE_KEEPER_FLAG } from '../../server/cluster/database-keeper-protocol'
import { serverEntry } from './server-entry'

/**
 * The processes a primary (WEB_CONCURRENCY > 1) started from the server's entry: its workers, and the
 * keeper of its embedded PostgreSQL when it has one.
 */
export function serverProcessesOf(primary: number): { workers: number[]; keeper: number | undefined } {
  let listing = ''
  try {
    listing = execFileSync('ps', ['--ppid', String(primary), '-o', 'pid=,args='], { encoding: 'utf8' })
  } catch {
    // ps exits 1 when the primary has no children (or is gone).
  }
  const lines = listing.split('\n').filter((l) => l.includes(serverEntry))
  const pidOf = (line: string) => Number(line.trim().split(/\s+/)[0])
  return {
    workers: lines.filter((l) => !l.includes(DATABASE_KEEPER_FLAG)).map(pidOf),
    keeper: lines.filter((l) => l.includes(DATABASE_KEEPER_FLAG)).map(pidOf)[0],
  }
}
