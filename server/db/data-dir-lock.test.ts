import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirInUseError, findDataDirHolder, lockDataDir } from './data-dir-lock'
import { tempDirsForEachTest } from '../../tests/setup/temp-dirs'

const newDir = tempDirsForEachTest('lock-')

const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}

/** A process that lives for 30 s unless killed: a pid other than this one's, alive while a test needs it. */
const startSleeper = async () => {
  const child = spawn('sleep', ['30'])
  await new Promise((resolve) => child.once('spawn', resolve))
  return child
}

/** Leaves a lock file in `dir` as an earlier holder (or a crash while writing it) left it. */
const leaveLock = (dir: string, content: string | Record<string, unknown>) =>
  writeFileSync(path.join(dir, 'owner.lock'), typeof content === 'string' ? content : JSON.stringify(content))

/** Takes the lock of `dir` for a server, finds this process named its holder, and releases it. */
async function takeOver(dir: string) {
  const lock = await lockDataDir(dir, 'server')
  expect(findDataDirHolder(dir)).toMatchObject({ pid: process.pid })
  await lock.release()
}

describe('DATA_DIR lock', () => {
  it('refuses a second owner while the first holds it, naming the holder, and is free again once released', async () => {
    const dir = newDir()
    const lock = await lockDataDir(dir, 'server')
    const error = await lockDataDir(dir, 'backup').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DataDirInUseError)
    expect((error as Error).message).toMatch(new RegExp(`^DATA_DIR ${dir} is in use by a running server \\(pid ${process.pid}, since \\d{4}-`))
    expect(findDataDirHolder(dir)).toMatchObject({ pid: process.pid, role: 'server' })
    await lock.release()
    expect(existsSync(path.join(dir, 'owner.lock'))).toBe(false)
    expect(findDataDirHolder(dir)).toBeUndefined()
    const again = await lockDataDir(dir, 'restore')
    expect(findDataDirHolder(dir)).toMatchObject({ pid: process.pid, role: 'restore' })
    await again.release()
  })

  it('takes over the lock of a process that died without releasing it (kill -9)', async () => {
    const dir = newDir()
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!
    leaveLock(dir, { pid: dead, role: 'server', since: '2026-01-01T00:00:00.000Z' })
    expect(findDataDirHolder(dir)).toBeUndefined()
    await takeOver(dir)
  })

  it('takes over a lock whose pid now belongs to another process, and respects it while it is the holder', async () => {
    const dir = newDir()
    const other = await startSleeper()
    try {
      const pid = other.pid!
      leaveLock(dir, { pid, role: 'server', since: '2026-01-01T00:00:00.000Z', processStart: startTimeOf(pid) })
      await expect(lockDataDir(dir, 'server')).rejects.toThrow(`is in use by a running server (pid ${pid}, since 2026-01-01T00:00:00.000Z)`)
      // The same pid, started at another time: the recorded holder is gone and its pid was reused.
      leaveLock(dir, { pid, role: 'server', since: '2026-01-01T00:00:00.000Z', processStart: '1' })
      await takeOver(dir)
    } finally {
      other.kill('SIGKILL')
    }
  })

  it('takes over a lock file left unreadable by a crash while it was written', async () => {
    const dir = newDir()
    leaveLock(dir, '{"pid":')
    await takeOver(dir)
  })

  it('stands while the keeper it names lives, though its owner is gone, and is free once the keeper is gone too', async () => {
    const dir = newDir()
    const keeper = await startSleeper()
    try {
      const lock = await lockDataDir(dir, 'server')
      await lock.keptBy(keeper.pid!)
      expect(JSON.parse(readFileSync(path.join(dir, 'owner.lock'), 'utf8'))).toMatchObject({ pid: process.pid, keeper: { pid: keeper.pid } })
      expect(lock.content()).toBe(readFileSync(path.join(dir, 'owner.lock'), 'utf8'))
      // The owner dead (a pid that has exited), the keeper alive: still in use, and said so.
      const dead = spawnSync(process.execPath, ['-e', '0']).pid!
      const held = { ...JSON.parse(lock.content()), pid: dead, processStart: undefined }
      leaveLock(dir, held)
      expect(findDataDirHolder(dir)).toMatchObject({ pid: dead, keeper: { pid: keeper.pid } })
      await expect(lockDataDir(dir, 'server')).rejects.toThrow(`is in use by a server whose primary process (pid ${dead}) is gone while its other processes finish (pid ${keeper.pid} stops the database after them)`)
      keeper.kill('SIGKILL')
      await new Promise((resolve) => keeper.once('exit', resolve))
      expect(findDataDirHolder(dir)).toBeUndefined()
      const taken = await lockDataDir(dir, 'server')
      await taken.release()
    } finally {
      keeper.kill('SIGKILL')
    }
  })
})
