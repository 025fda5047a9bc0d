import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { assistantPlugin } from '../../../../server/assistant/assistant-plugin'
import type { Actor } from '../../../../server/auth/actor'
import { startServer, type RunningServer } from '../../../../server/app'
import { users } from '../../../../server/db/schema'
import { parseEnv } from '../../../../server/core/env'
import type { ServerPlugin } from '../../../../server/http/plugin'
import { createLogger } from '../../../../server/core/logger'
import { newDataDir } from '../../../setup/data-dir'
import { companyIdOf } from '../../../setup/company-of'

export interface ChatTestServer {
  server: RunningServer
  createUser(email?: string): Promise<Actor>
  close(): Promise<void>
}

/** The server in this process with the assistant (and any further plugins) on the embedded PostgreSQL. */
export async function startChatTestServer(options: { env?: Record<string, string>; plugins?: ServerPlugin[] } = {}): Promise<ChatTestServer> {
  const dataDir = await newDataDir('chat-test-')
  const server = await startServer({
    env: parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...options.env }),
    log: createLogger('silent'),
    plugins: [assistantPlugin, ...(options.plugins ?? [])],
  })
  return {
    server,
    async createUser(email = `client-${randomUUID().slice(0, 8)}@example.com`) {
      const id = randomUUID()
      await server.ctx.db.insert(users).values({ id, name: email.split('@')[0]!, email, emailVerified: true })
      return { userId: id, email, groups: [], isAdmin: false, companyId: await companyIdOf(server.ctx.db, id), companyRole: 'owner' as const }
    },
    async close() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}
