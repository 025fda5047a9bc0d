import { rmSync } from 'node:fs'
import os from 'node:os'
import { afterAll, beforeAll } from 'vitest'
import { setAppContext, type AppContext } from '../../../../server/context/app-context'
import { openDatabase } from '../../../../server/db/open-database'
import { parseEnv } from '../../../../server/core/env'
import { createInProcessEventBus } from '../../../../server/events/event-bus'
import { closeRedisClient, createRedisClient, waitForRedisReady } from '../../../../server/events/create-redis-client'
import { createLogger, type Logger } from '../../../../server/core/logger'
import { newDataDir } from '../../../setup/data-dir'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database'

export interface TestContext {
  ctx: AppContext
  close(): Promise<void>
}

/**
 * An app context without the HTTP server: the embedded PostgreSQL in a temporary DATA_DIR, or the
 * server at `databaseUrl`; a Redis command connection when `redisUrl` is given.
 */
export async function openTestContext(options: { databaseUrl?: string; redisUrl?: string; env?: Record<string, string>; log?: Logger } = {}): Promise<TestContext> {
  const dataDir = options.databaseUrl ? undefined : await newDataDir('platform-db-')
  const log = options.log ?? createLogger('silent')
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir ?? os.tmpdir(), DATABASE_URL: options.databaseUrl, REDIS_URL: options.redisUrl, ...options.env })
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: env.dataDir, log })
  const redis = options.redisUrl ? createRedisClient(options.redisUrl, log) : undefined
  if (redis) await waitForRedisReady(redis, 5000)
  const ctx: AppContext = { env, log, db: database.db, database, events: createInProcessEventBus(), services: redis ? { redis } : {}, startedAt: new Date(), lifecycle: { draining: false } }
  setAppContext(ctx)
  return {
    ctx,
    async close() {
      setAppContext(undefined)
      if (redis) await closeRedisClient(redis)
      await database.close()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface SuiteContext {
  readonly ctx: AppContext
  /** The database on the system PostgreSQL the context runs on (`scratchDatabase: true` only). */
  readonly scratch: ScratchDatabase
}

/**
 * An app context for the enclosing suite, opened before its tests and closed after them: on the
 * embedded PostgreSQL, or with `scratchDatabase` on a fresh database of the system PostgreSQL that is
 * dropped after the context closes. Reading it before the suite's hooks run throws.
 */
export function testContextForSuite(options: { scratchDatabase?: boolean; redisUrl?: string; env?: Record<string, string>; log?: Logger } = {}): SuiteContext {
  const { scratchDatabase, ...contextOptions } = options
  let scratch: ScratchDatabase | undefined
  let opened: TestContext | undefined
  beforeAll(async () => {
    if (scratchDatabase) scratch = await createScratchDatabase()
    opened = await openTestContext({ ...contextOptions, databaseUrl: scratch?.url })
  })
  afterAll(async () => {
    await opened?.close()
    await scratch?.drop()
  })
  return {
    get ctx() {
      if (!opened) throw new Error('the context opens before the suite’s tests: use it in a hook or a test')
      return opened.ctx
    },
    get scratch() {
      if (!scratch) throw new Error(scratchDatabase ? 'the scratch database is made before the suite’s tests' : 'this suite runs on the embedded PostgreSQL')
      return scratch
    },
  }
}
