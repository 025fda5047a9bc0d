import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionUser, type SessionUser } from '../chat/support/auth-session'
import { readStream, wsClient } from '../chat/support/graphql-clients'
import { serverProcessesOf } from '../../setup/server-processes'
import { startTestServer, type TestServer } from '../../setup/test-server'

/** A request on a connection of its own: the primary hands each new connection to the next process. */
function freshRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: { connection: 'close', ...init.headers }, agent: false }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url} in 10 s`)))
    req.end(init.body)
  })
}

const childrenOf = (pid: number) => serverProcessesOf(pid).workers

// WEB_CONCURRENCY=2 on the embedded defaults: one primary starts PostgreSQL and two server processes
// share the port, the database and, through PostgreSQL's NOTIFY, the chat's realtime events.
describe('several server processes on one machine (WEB_CONCURRENCY)', { timeout: 180_000 }, () => {
  let server: TestServer
  let user: SessionUser

  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_CONCURRENCY: '2' } })
    user = await createSessionUser(server.url, async (text, params) => {
      // Verified directly in the database: the sign-up itself is tested elsewhere.
      const { default: pg } = await import('pg')
      const { readFileSync } = await import('node:fs')
      const settings = JSON.parse(readFileSync(`${server.dataDir}/postgres.json`, 'utf8')) as { port: number; password: string }
      const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/app` })
      await client.connect()
      try {
        return await client.query(text, params as unknown[])
      } finally {
        await client.end()
      }
    }, `workers-${Date.now()}@example.com`)
  })
  afterAll(async () => {
    await server?.kill('SIGKILL')
    server?.cleanup()
  })

  it('starts two server processes under one primary, which says when all of them are ready', () => {
    expect(childrenOf(server.process.pid!)).toHaveLength(2)
    expect(server.logs.filter((l) => l.includes('"msg":"Site ready')).length).toBe(1)
  })

  it('streams a chat answer produced by one process to a subscriber connected to the other', async () => {
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      freshRequest(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie, origin: server.url },
        body: JSON.stringify({ query, variables }),
      }).then((r) => JSON.parse(r.body) as { data?: Record<string, { id: string; lastStreamSeq?: number }>; errors?: unknown })
    const created = (await gql('mutation { createOrGetChatConversation { id lastStreamSeq } }')).data!.createOrGetChatConversation!
    const ws = wsClient(server.url, user.cookie, { origin: server.url })
    try {
      const stream = readStream(ws, created.id, created.lastStreamSeq ?? 0)
      await stream.waitFor((p) => p.id === 'start_ack')
      // Two messages on two new connections: the primary gives them to the two processes in turn, so
      // at least one answer is produced by the process that does not hold the subscription.
      for (const text of ['What does FEA analysis cost?', 'Which CAD software do you use?']) {
        const sent = await gql('mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }', { input: { conversationId: created.id, content: [{ text }] } })
        expect(sent.errors).toBeUndefined()
        const id = sent.data!.sendChatMessage!.id
        const parts = (await stream.waitFor((p) => !!p.stopReason && p.associatedUserMessageId === id, 30_000)).filter((p) => p.associatedUserMessageId === id)
        expect(parts.map((p) => p.contentBlockText ?? '').join('').length).toBeGreaterThan(20)
      }
    } finally {
      await ws.dispose()
    }
  })

  it('shares the contact form limit between the processes', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await freshRequest(`${server.url}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams({ name: 'Two Processes', email: `p${i}@example.com`, message: 'Counted once, wherever it lands.' }).toString(),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('replaces a process that dies, and keeps serving meanwhile', async () => {
    const [victim] = childrenOf(server.process.pid!)
    process.kill(victim!, 'SIGKILL')
    // Once the primary has seen it die (a connection handed over at that very instant can be lost),
    // the other process serves every request while the replacement starts.
    await expect.poll(() => server.logs.join('\n')).toContain('a server process died: starting another')
    for (let i = 0; i < 10; i++) expect((await freshRequest(`${server.url}/livez`)).status).toBe(200)
    await expect.poll(() => childrenOf(server.process.pid!).filter((pid) => pid !== victim).length, { timeout: 30_000 }).toBe(2)
  })

  it('stops every process and the database on SIGTERM, exiting 0', async () => {
    const workers = childrenOf(server.process.pid!)
    expect(await server.stop()).toBe(0)
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
    expect(() => execFileSync('pgrep', ['-f', `${server.dataDir}/postgres`])).toThrow()
  })
})
