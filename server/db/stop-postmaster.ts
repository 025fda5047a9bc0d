import fs from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'

/**
 * Stops the postmaster named in `clusterDir`/postmaster.pid, if one runs: a fast shutdown (sessions
 * ended, a checkpoint written), then an immediate one (WAL recovery at the next start) if it takes more
 * than ten seconds. Resolves once it is gone; true when there was one to stop. For a postmaster its
 * owner can no longer stop: one left by a process killed with SIGKILL, or the one a dead primary left
 * to its keeper.
 */
export async function stopPostmaster(clusterDir: string, log: Logger, reason: string): Promise<boolean> {
  let pid: number
  try {
    const pidFile = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')
    pid = Number(pidFile.split('\n')[0])
  } catch {
    return false
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  if (cmdline && !cmdline.includes('postgres')) return false // the pid was reused by something else
  log.warn({ pid }, reason)
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100)
  if (isAlive(pid)) {
    process.kill(pid, 'SIGQUIT')
    for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100)
  }
  return true
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
