/**
 * The errors that say the database is stopping or stopped, not that something is wrong with a query or
 * with this code: PostgreSQL ending its connections as it shuts down (57P01, as on Ctrl-C in a terminal,
 * which signals the embedded PostgreSQL together with the server), refusing new ones while it does
 * (57P03), or a connection refused once it is gone. Said in one line, with no stack trace: what the
 * reader needs is that the database went away, and the code already reconnects or is stopping itself.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code
  if (code === '57P01' || code === '57P02') return 'the database server is shutting down'
  if (code === '57P03') return 'the database server is starting or shutting down'
  if (code === 'ECONNREFUSED') return 'the database server is not running'
  return null
}

/** What to log with a database error: its reason alone when the database is only away, the error otherwise. */
export function databaseErrorFields(error: unknown): { reason: string } | { err: unknown } {
  const reason = databaseUnavailableReason(error)
  return reason ? { reason } : { err: error }
}

/**
 * How loud a lost database connection is: a warning, except when this process is stopping and the
 * database is only going away with it (Ctrl-C stops both at once), which is the expected end: debug.
 */
export function databaseErrorLevel(error: unknown, stopping: boolean): 'warn' | 'debug' {
  return stopping && databaseUnavailableReason(error) ? 'debug' : 'warn'
}
