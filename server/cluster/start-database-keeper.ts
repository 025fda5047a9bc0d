import { fork } from 'node:child_process'
import type { Logger } from '../core/logger'
import { DATABASE_KEEPER_FLAG, type KeeperMessage } from './database-keeper-protocol'

export interface DatabaseKeeper {
  pid: number
  send(message: KeeperMessage): void
}

/**
 * Starts the keeper of the embedded PostgreSQL (run-database-keeper.ts): the server's entry (`entry`)
 * again, with the same Node flags, told by an argument to keep the database rather than serve. Its
 * output is the server's.
 */
export async function startDatabaseKeeper(log: Logger, entry: string): Promise<DatabaseKeeper> {
  const child = fork(entry, [DATABASE_KEEPER_FLAG], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve())
    child.once('error', reject)
  })
  child.on('exit', (code, signal) => {
    if (code !== 0) log.warn({ code, signal }, 'the database keeper stopped: should this process die, its database would be left to the next start')
  })
  return {
    pid: child.pid!,
    send(message) {
      if (child.connected) child.send(message)
    },
  }
}
