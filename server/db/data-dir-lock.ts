import { readFileSync, unlinkSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * One owner per DATA_DIR: the embedded PostgreSQL under it belongs to one process at a time (a server,
 * or a backup or restore that started it). The owner writes DATA_DIR/owner.lock, created exclusively,
 * holding its pid and the kernel's start time of that pid. A lock whose process is gone (or whose pid
 * now belongs to another process) is stale and taken over, so a crash, even kill -9, never blocks the
 * next start.
 */
export type DataDirRole = 'server' | 'backup' | 'restore' | 'admin'

export interface DataDirHolder {
  pid: number
  role: DataDirRole
  /** When the holder took the lock (ISO 8601). */
  since: string
  /** The kernel's start time of the pid (clock ticks since boot), where /proc tells it. */
  processStart?: string
}

export interface DataDirLock {
  file: string
  release(): Promise<void>
}

/** The file in DATA_DIR that names its owner. */
export const LOCK_FILE = 'owner.lock'

const describeRole: Record<DataDirRole, string> = {
  server: 'a running server',
  backup: 'npm run backup',
  restore: 'npm run restore',
  admin: 'npm run admin',
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
    advice: string = SERVER_ADVICE,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${describeRole[holder.role]} (pid ${holder.pid}, since ${holder.since}). ${advice}`)
    this.name = 'DataDirInUseError'
  }
}

/** What a second server is told: which DATA_DIR, who holds it, what to do. */
const SERVER_ADVICE =
  'Only one process may own its embedded PostgreSQL. Stop that process first, or start this server with another DATA_DIR (or with DATABASE_URL).'

/** Takes the lock of `dataDir` for `role`, or throws DataDirInUseError naming the live holder. */
export async function lockDataDir(dataDir: string, role: DataDirRole, advice = SERVER_ADVICE): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const mine: DataDirHolder = { pid: process.pid, role, since: new Date().toISOString(), processStart: processStartTime(process.pid) }
  const content = JSON.stringify(mine) + '\n'
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await fs.writeFile(file, content, { flag: 'wx', mode: 0o600 })
      return ownLock(file, content)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const found = await fs.readFile(file, 'utf8').catch(() => undefined)
    if (found === undefined) continue // released meanwhile
    const holder = parseHolder(found)
    if (holder && isHolderAlive(holder)) throw new DataDirInUseError(dataDir, holder, advice)
    // Stale (its process is gone) or unreadable (a crash while writing it): remove it, unless another
    // starter replaced it in the meantime, and try again.
    const now = await fs.readFile(file, 'utf8').catch(() => undefined)
    if (now === found) await fs.rm(file, { force: true })
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it.`)
}

/** The live holder of `dataDir`'s lock, or undefined when nobody holds it. */
export function findDataDirHolder(dataDir: string): DataDirHolder | undefined {
  let found: string
  try {
    found = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')
  } catch {
    return undefined
  }
  const holder = parseHolder(found)
  return holder && isHolderAlive(holder) ? holder : undefined
}

function ownLock(file: string, content: string): DataDirLock {
  // A process that exits without releasing (process.exit after a second Ctrl-C) still removes its own
  // lock; after kill -9 the next owner finds it stale.
  const onExit = () => removeIfMine(file, content)
  process.once('exit', onExit)
  let released = false
  return {
    file,
    async release() {
      if (released) return
      released = true
      process.removeListener('exit', onExit)
      removeIfMine(file, content)
    },
  }
}

function removeIfMine(file: string, content: string) {
  try {
    if (readFileSync(file, 'utf8') === content) unlinkSync(file)
  } catch {
    /* already gone */
  }
}

function parseHolder(text: string): DataDirHolder | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<DataDirHolder>
    if (!Number.isInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return undefined
    return {
      pid: parsed.pid!,
      role: parsed.role && parsed.role in describeRole ? parsed.role : 'server',
      since: typeof parsed.since === 'string' ? parsed.since : 'an unknown time',
      processStart: typeof parsed.processStart === 'string' ? parsed.processStart : undefined,
    }
  } catch {
    return undefined
  }
}

function isHolderAlive(holder: DataDirHolder): boolean {
  if (holder.pid === process.pid) return true
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // The pid is in use: by the holder, unless the pid was reused after the holder died.
  const start = processStartTime(holder.pid)
  return !start || !holder.processStart || start === holder.processStart
}

/** Field 22 of /proc/<pid>/stat (start time since boot), which tells a reused pid apart; undefined off Linux. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}
