import { rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chains } from '../../../lib/chains'
import { publicWalletConfigSchema } from '../../../lib/wallet/wallet-api-schemas'
import { setAppContext, type AppContext } from '../../../server/context/app-context'
import { openDatabase } from '../../../server/db/open-database'
import { parseEnv } from '../../../server/core/env'
import { createInProcessEventBus } from '../../../server/events/event-bus'
import { createLogger } from '../../../server/core/logger'
import { walletPlugin } from '../../../server/wallet/plugin'
import { newDataDir } from '../../setup/data-dir'

const tokenAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('wallet HTTP API', () => {
  let dataDir: string
  let ctx: AppContext
  let http: ServerType
  let url: string

  beforeAll(async () => {
    dataDir = await newDataDir('wallet-api-')
    const log = createLogger('silent')
    const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TOKEN_ADDRESS: tokenAddress, RPC_URL_56: 'http://127.0.0.1:8545' })
    const database = await openDatabase({ dataDir: env.dataDir, log })
    ctx = { env, log, db: database.db, database, events: createInProcessEventBus(), services: {}, startedAt: new Date(), lifecycle: { draining: false } }
    setAppContext(ctx)
    const app = new Hono()
    walletPlugin.routes!(app, ctx)
    http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => http.once('listening', resolve))
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve))
    await ctx?.database.close()
    setAppContext(undefined)
    rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (body: string, contentType = 'application/json') => fetch(`${url}/api/wallet/disconnected`, { method: 'POST', headers: { 'content-type': contentType }, body })
  const outboxRows = async () =>
    (await ctx.database.pool.query<{ channel: string; kind: string; payload: Record<string, unknown>; status: string }>("SELECT channel, kind, payload, status FROM outbox WHERE kind = 'wallet-disconnect' ORDER BY id")).rows

  it('serves the token and chain settings of the environment', async () => {
    const res = await fetch(`${url}/api/wallet/config`)
    expect(res.status).toBe(200)
    const config = publicWalletConfigSchema.parse(await res.json())
    expect(config.token).toEqual({ chainId: 56, address: tokenAddress, decimals: 18 })
    expect(config.chains.map((c) => c.id)).toEqual([1, 56, 97, 8453])
    expect(config.chains.find((c) => c.id === 56)!.nodeUrl).toBe('http://127.0.0.1:8545')
    // Chains without an override keep their public node.
    expect(config.chains.find((c) => c.id === 1)!.nodeUrl).toBe(chains[0]!.nodeUrl)
    // Nothing but public values: no explorer key, no contract list.
    expect(JSON.stringify(config)).not.toMatch(/explorerApiKey|contracts/)
  })

  it('queues the Disconnected notification with the fixed text', async () => {
    const res = await post(JSON.stringify({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }))
    expect(res.status).toBe(204)
    const rows = await outboxRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      channel: 'notification',
      kind: 'wallet-disconnect',
      status: 'pending',
      payload: { title: 'Disconnected', emoji: ':wave:', source: 'Meshwork - Logout', summary: ':wave: Disconnected', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    })
  })

  it('refuses bodies that are not the schema, not JSON, or too large', async () => {
    const before = (await outboxRows()).length
    expect((await post(JSON.stringify({ address: 'not an address' }))).status).toBe(400)
    expect((await post(JSON.stringify({ title: 'Free text for the channel' }))).status).toBe(400)
    expect((await post('{not json')).status).toBe(400)
    expect((await post('address=0x', 'application/x-www-form-urlencoded')).status).toBe(415)
    expect((await post(JSON.stringify({ address: '0x' + 'a'.repeat(40), pad: 'x'.repeat(5000) }))).status).toBe(413)
    expect((await outboxRows()).length).toBe(before)
  })

  it('limits how often one client can send it', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await post('{}')).status)
    expect(statuses).toContain(429)
    const refused = await post('{}')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
