import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../server/app'
import { parseEnv } from '../../server/core/env'
import { createLogger } from '../../server/core/logger'
import { newDataDir } from '../setup/data-dir'

describe('GET /healthz', () => {
  let server: RunningServer
  let dataDir: string
  beforeAll(async () => {
    dataDir = await newDataDir('healthz-')
    server = await startServer({ env: parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), log: createLogger('silent') })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('reports the database as reachable (its version only to admins)', async () => {
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.status).toBe('ok')
    expect(body.database).toMatchObject({ reachable: true, kind: 'embedded' })
    expect(body.database.version).toBeUndefined()
  })
})
