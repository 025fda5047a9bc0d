import type { Logger } from 'pino'

/**
 * The errors that say the database is stopping or stopped, not that something is wrong with a query or
 * with this code: PostgreSQL ending its connections as it shuts down (57P01, as on Ctrl-C in a terminal,
 * which signals the embedded PostgreSQL together with the server), refusing new ones while it does
 * (57P03), or a connection refused once it is gone. Said in one line, with no stack trace: what the
 * reader needs is that the database went away, and the code already reconnects or is stopping itself.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  // A query's error (the ORM's) carries the driver's as its cause: followed a few steps.
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === '57P01' || code === '57P02') return 'the database server is shutting down'
    if (code === '57P03') return 'the database server is starting or shutting down'
    if (code === 'ECONNREFUSED') return 'the database server is not running'
  }
  return null
}

/**
 * How long the database going away waits to be told while this process is not stopping: long enough
 * for this process to see its own signal. Ctrl-C signals the embedded PostgreSQL and this process
 * together, and PostgreSQL may end its connections a few milliseconds before this process's handler
 * runs.
 */
export const DATABASE_LOSS_GRACE_MS = 250

/**
 * Logs a database error as loud as it deserves. The database only going away (its reason in one line,
 * no stack trace) is a warning, except when this process is stopping with it, the expected end: debug.
 * When this process is not stopping yet, the level is chosen DATABASE_LOSS_GRACE_MS later. Any other
 * error is logged with the error itself, as `otherwise` says (a warning with `message` by default).
 */
export function logDatabaseError(log: Pick<Logger, 'warn' | 'debug' | 'error'>, error: unknown, stopping: () => boolean, message: string, otherwise: { level: 'warn' | 'error'; message?: string } = { level: 'warn' }): void {
  const reason = databaseUnavailableReason(error)
  if (!reason) return void log[otherwise.level]({ err: error }, otherwise.message ?? message)
  const tell = () => log[stopping() ? 'debug' : 'warn']({ reason }, message)
  if (stopping()) tell()
  else setTimeout(tell, DATABASE_LOSS_GRACE_MS).unref()
}
