import pg from 'pg'

/**
 * A pg.Pool whose end() resolves once every connection it opened has closed.
 *
 * pg's own Pool.end() resolves as soon as it has asked its idle connections to close, before they
 * have (https://github.com/brianc/node-postgres/issues/2328). Whatever stops the database right after
 * (the embedded PostgreSQL's shutdown, a DROP DATABASE ... WITH (FORCE)) can then still reach one of
 * them: its "terminating connection" arrives as an error on a pool already ended, which, on a pool
 * without an error listener, ends the process.
 */
export class ClosingPool extends pg.Pool {
  private readonly open = new Set<pg.Client>()

  constructor(config?: pg.PoolConfig) {
    super(config)
    this.on('connect', (client) => {
      this.open.add(client)
      client.once('end', () => this.open.delete(client))
    })
  }

  override end(): Promise<void>
  override end(callback: () => void): void
  override end(callback?: () => void): Promise<void> | void {
    const closed = super.end().then(() => this.allClosed())
    if (!callback) return closed
    void closed.then(callback, callback)
  }

  private allClosed(): Promise<void> {
    return Promise.all([...this.open].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())))).then(() => {})
  }
}
