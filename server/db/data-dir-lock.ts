import { readFileSync, unlinkSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * One owner per DATA_DIR: the embedded PostgreSQL under it belongs to one process at a time (a server,
 * or a backup or restore that started it). The owner writes DATA_DIR/owner.lock, created exclusively,
 * holding its pid and the kernel's start time of that pid. A lock whose process is gone (or whose pid
 * now belongs to another process) is stale and taken over, so a crash, even kill -9, never blocks the
 * next start. A server of several processes names a keeper in its lock too (the process that, should
 * the primary die, lets its workers finish and then stops the database): the lock stands while either
 * lives.
 */
export type DataDirRole = 'server' | 'backup' | 'restore' | 'admin'

export interface DataDirHolder {
  pid: number
  role: DataDirRole
  /** When the holder took the lock (ISO 8601). */
  since: string
  /** The kernel's start time of the pid (clock ticks since boot), where /proc tells it. */
  processStart?: string
  /** A process that holds the lock for the owner once the owner is gone, until it too is done. */
  keeper?: { pid: number; processStart?: string }
}

export interface DataDirLock {
  file: string
  /** What the lock file holds while this lock is held. */
  content(): string
  /** Names a keeper (rewriting the file in one step): the lock stands until both are gone. */
  keptBy(pid: number): Promise<void>
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
    const who = isAlive(holder.pid, holder.processStart)
      ? `${describeRole[holder.role]} (pid ${holder.pid}, since ${holder.since})`
      : `a server whose primary process (pid ${holder.pid}) is gone while its other processes finish (pid ${holder.keeper?.pid} stops the database after them)`
    super(`DATA_DIR ${dataDir} is in use by ${who}. ${advice}`)
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

function ownLock(file: string, initial: string): DataDirLock {
  let content = initial
  // A process that exits without releasing (process.exit after a second Ctrl-C) still removes its own
  // lock; after kill -9 the next owner finds it stale (or its keeper removes it).
  const onExit = () => removeLockIfUnchanged(file, content)
  process.once('exit', onExit)
  let released = false
  return {
    file,
    content: () => content,
    async keptBy(pid) {
      const holder = { ...(JSON.parse(content) as DataDirHolder), keeper: { pid, processStart: processStartTime(pid) } }
      const next = JSON.stringify(holder) + '\n'
      // Written beside it and renamed over it: a reader sees the old lock or the new one, never none.
      const temp = `${file}.${process.pid}.tmp`
      await fs.writeFile(temp, next, { mode: 0o600 })
      await fs.rename(temp, file)
      content = next
    },
    async release() {
      if (released) return
      released = true
      process.removeListener('exit', onExit)
      removeLockIfUnchanged(file, content)
    },
  }
}

/** Removes the lock file if it still holds `content` (a lock since taken by another owner stays). */
export function removeLockIfUnchanged(file: string, content: string) {
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
    const keeper = parsed.keeper
    return {
      pid: parsed.pid!,
      role: parsed.role && parsed.role in describeRole ? parsed.role : 'server',
      since: typeof parsed.since === 'string' ? parsed.since : 'an unknown time',
      processStart: typeof parsed.processStart === 'string' ? parsed.processStart : undefined,
      keeper:
        keeper && Number.isInteger(keeper.pid) && keeper.pid > 0
          ? { pid: keeper.pid, processStart: typeof keeper.processStart === 'string' ? keeper.processStart : undefined }
          : undefined,
    }
  } catch {
    return undefined
  }
}

function isHolderAlive(holder: DataDirHolder): boolean {
  return isAlive(holder.pid, holder.processStart) || (!!holder.keeper && isAlive(holder.keeper.pid, holder.keeper.processStart))
}

/** Whether `pid` is the process that started at `processStart` (when known) and still runs. */
export function isAlive(pid: number, processStart?: string): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // The pid is in use: by that process, unless the pid was reused after it died.
  const start = processStartTime(pid)
  return !start || !processStart || start === processStart
}

/** Field 22 of /proc/<pid>/stat (start time since boot), which tells a reused pid apart; undefined off Linux. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}
