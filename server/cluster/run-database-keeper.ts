import { readFileSync } from 'node:fs'
import { isAlive, processStartTime, removeLockIfUnchanged } from '../db/data-dir-lock'
import { stopPostmaster } from '../db/stop-postmaster'
import { createLogger } from '../core/logger'
import type { KeeperMessage } from './database-keeper-protocol'

/**
 * The keeper of a multi-process server's embedded PostgreSQL: a small process the primary starts beside
 * its workers, named in DATA_DIR's lock, doing nothing while the primary lives. When the primary dies
 * without stopping (kill -9, the out-of-memory killer), its workers finish what they accepted, as on
 * SIGTERM, and still need the database: the keeper waits for them, then stops the PostgreSQL they used
 * and removes the lock, so the database stops with the server instead of running on, orphaned, with a
 * stale lock. Until then the lock stands (a second start is told DATA_DIR is in use). When the primary
 * stopped as it should, it released the lock itself and the keeper just exits.
 */
export async function runDatabaseKeeper(): Promise<void> {
  const log = createLogger()
  // Ctrl-C reaches the whole process group and a service manager's stop the whole service: the keeper
  // stays for its one job, which ends by itself.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {})
  let watch: Extract<KeeperMessage, { type: 'watch' }> | undefined
  const workers = new Map<number, string | undefined>()
  process.on('message', (message: KeeperMessage) => {
    if (message.type === 'watch') watch = message
    else if (message.type === 'worker') workers.set(message.pid, processStartTime(message.pid))
  })
  await new Promise<void>((resolve) => process.once('disconnect', () => resolve()))
  if (!watch || readLock(watch.lockFile) !== watch.lockContent) process.exit(0)

  const running = () => [...workers].filter(([pid, start]) => isAlive(pid, start)).map(([pid]) => pid)
  log.warn({ processes: running() }, 'the primary process is gone: its server processes finish what they accepted, then the embedded PostgreSQL stops')
  const deadline = Date.now() + watch.workersStopWithinMs
  while (running().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
  for (const pid of running()) {
    log.warn({ pid }, 'a server process did not stop in time: killing it')
    process.kill(pid, 'SIGKILL')
  }
  await stopPostmaster(watch.clusterDir, log, 'stopping the embedded PostgreSQL of a primary process that is gone')
  removeLockIfUnchanged(watch.lockFile, watch.lockContent)
  log.info('the embedded PostgreSQL stopped and DATA_DIR is free')
  process.exit(0)
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
