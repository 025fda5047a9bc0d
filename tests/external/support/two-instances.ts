import type pg from 'pg'
import { createSessionUser, type SessionUser } from '../../integration/chat/support/auth-session'
import { createScratchDatabase, type ScratchDatabase } from '../../integration/platform/support/scratch-database'
import { startTestServer, type TestServer } from '../../setup/test-server'

export interface TwoInstances {
  one: TestServer
  two: TestServer
  scratch: ScratchDatabase
  /** A pool on their database for the test itself. */
  db: pg.Pool
  /** Signed in on the first instance. */
  user: SessionUser
  /** Stops both instances, then drops their database. */
  close(): Promise<void>
}

/**
 * Two instances of the site on one fresh database of the system PostgreSQL, as behind a load balancer:
 * started together with the same `env` (so the same session secret), and a user signed in on the
 * first one as `email`.
 */
export async function startTwoInstances(env: Record<string, string>, email: string): Promise<TwoInstances> {
  const scratch = await createScratchDatabase()
  const servers: TestServer[] = []
  const close = async () => {
    for (const server of servers) {
      await server.stop()
      server.cleanup()
    }
    await scratch.drop()
  }
  try {
    const shared = { DATABASE_URL: scratch.url, ...env }
    const [one, two] = await Promise.all([startTestServer({ env: shared }), startTestServer({ env: shared })])
    servers.push(one, two)
    const db = scratch.pool()
    const user = await createSessionUser(one.url, (text, params) => db.query(text, params), email)
    return { one, two, scratch, db, user, close }
  } catch (error) {
    await close()
    throw error
  }
}
