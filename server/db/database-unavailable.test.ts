import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import pg from 'pg'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { DATABASE_LOSS_GRACE_MS, databaseUnavailableReason, logDatabaseError } from './database-unavailable'

/** A real logger at debug level, its lines kept as parsed JSON. */
function capturedLog() {
  const lines: { level: number; msg: string; reason?: string; err?: unknown }[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { log: pino({ level: 'debug' }, stream), lines }
}

/** What PostgreSQL answers a query whose connection it ends as it shuts down, as the driver gives it. */
function shutdownError(): pg.DatabaseError {
  const error = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error')
  error.code = '57P01'
  return error
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the database going away', () => {
  it('is told from a query error that carries the driver error as its cause', () => {
    const wrapped = new DrizzleQueryError('select 1', [], shutdownError())
    expect(databaseUnavailableReason(wrapped)).toBe('the database server is shutting down')
    expect(databaseUnavailableReason(new DrizzleQueryError('select 1', [], new Error('syntax error')))).toBeNull()
  })

  it('is only debug when this process starts stopping just after the database ended its connections (Ctrl-C signals both)', async () => {
    const { log, lines } = capturedLog()
    let stopping = false
    logDatabaseError(log, new DrizzleQueryError('select 1', [], shutdownError()), () => stopping, 'chat: could not look for abandoned answers')
    // This process's own signal handler runs a few milliseconds after PostgreSQL's.
    await later(5)
    stopping = true
    await later(DATABASE_LOSS_GRACE_MS + 50)
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'chat: could not look for abandoned answers', reason: 'the database server is shutting down' })])
    expect(lines[0]).not.toHaveProperty('err')
  })

  it('is a warning, in one line without a stack, when this process goes on', async () => {
    const { log, lines } = capturedLog()
    logDatabaseError(log, shutdownError(), () => false, 'the database server closed an idle connection')
    await later(DATABASE_LOSS_GRACE_MS + 50)
    expect(lines).toEqual([expect.objectContaining({ level: 40, reason: 'the database server is shutting down' })])
    expect(JSON.stringify(lines)).not.toContain('stack')
  })

  it('is told at once when this process is already stopping, and any other error is a warning with the error', () => {
    const { log, lines } = capturedLog()
    logDatabaseError(log, shutdownError(), () => true, 'outbox: could not read the outbox table')
    logDatabaseError(log, new Error('relation "outbox" does not exist'), () => true, 'outbox: could not read the outbox table')
    expect(lines.map((l) => l.level)).toEqual([20, 40])
    expect(lines[1]!.err).toMatchObject({ message: 'relation "outbox" does not exist' })
  })

  it('logs any other error at the level and with the message asked (an idle client failing is an error)', () => {
    const { log, lines } = capturedLog()
    const asked = { level: 'error', message: 'idle database client error' } as const
    logDatabaseError(log, new Error('unexpected message from the server'), () => false, 'the database server closed an idle connection', asked)
    logDatabaseError(log, shutdownError(), () => true, 'the database server closed an idle connection', asked)
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'idle database client error'],
      [20, 'the database server closed an idle connection'],
    ])
  })
})
