import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PASSWORD, type SessionUser } from '../integration/chat/support/auth-session'
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from '../integration/chat/support/fake-openai-server'
import { gql, readStream, wsClient } from '../integration/chat/support/graphql-clients'
import { startPrivateRedis, type PrivateRedis } from '../setup/redis-server'
import type { TestServer } from '../setup/test-server'
import { startTwoInstances, type TwoInstances } from './support/two-instances'

const SEND = 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }'

// Redis (pub/sub and shared counters) goes away and comes back while the site is in use: nothing stays
// broken, nothing is lost, and what depends on it keeps answering in the meantime. Two instances share
// PostgreSQL and a Redis of this test's own: answers are produced on one and streamed from the other.
describe('a Redis outage heals by itself', { timeout: 180_000 }, () => {
  let redis: PrivateRedis
  let instances: TwoInstances
  let db: pg.Pool
  let server: TestServer
  let other: TestServer
  let user: SessionUser
  let fake: FakeOpenAiServer
  const answer = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')

  beforeAll(async () => {
    redis = await startPrivateRedis()
    // A model that answers slowly (about 4 s), so Redis can go away in the middle of an answer.
    fake = await startFakeOpenAiServer({ mode: 'ok', answer, wordsPerChunk: 1, chunkDelayMs: 100 })
    const env = { REDIS_URL: redis.url, AUTH_SECRET: 'redis-outage-test-secret-0123456789abcdef', ...fakeModelEnv(fake) }
    instances = await startTwoInstances(env, `outage-${Date.now()}@example.com`)
    ;({ one: server, two: other, db, user } = instances)
  })
  afterAll(async () => {
    await instances?.close()
    await fake?.close()
    await redis?.close()
  })

  const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as { status: string; reasons: string[]; realtime: { up: boolean } }
  const storedSeqs = async (userMessageId: string) =>
    (await db.query<{ seq: string }>('SELECT seq FROM stream_part WHERE associated_user_message_id = $1 ORDER BY seq', [userMessageId])).rows.map((r) => Number(r.seq))
  const newConversation = async () => {
    const created = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(server.url, user.cookie, 'mutation { createOrGetChatConversation { id lastStreamSeq } }')
    return created.data!.createOrGetChatConversation
  }
  /**
   * Subscribes to a new conversation on the other instance and sends `text` on the first; `meanwhile`
   * runs once the question is sent. Every part of the answer the subscriber receives is the one stored,
   * in order. Gives those parts.
   */
  const askAndFollow = async (text: string, meanwhile?: (stream: ReturnType<typeof readStream>) => Promise<void>) => {
    const { id, lastStreamSeq } = await newConversation()
    const client = wsClient(other.url, user.cookie)
    try {
      const stream = readStream(client, id, lastStreamSeq)
      await stream.waitFor((p) => p.id === 'start_ack')
      const sent = await gql<{ sendChatMessage: { id: string } }>(server.url, user.cookie, SEND, { input: { conversationId: id, content: [{ text }] } })
      expect(sent.errors).toBeUndefined()
      await meanwhile?.(stream)
      const parts = (await stream.waitFor((p) => !!p.stopReason, 30_000)).filter((p) => p.id !== 'start_ack')
      expect(parts.map((p) => p.seq)).toEqual(await storedSeqs(sent.data!.sendChatMessage.id))
      return parts
    } finally {
      await client.dispose()
    }
  }

  it('an open chat subscription receives every part of an answer while Redis stops and starts', async () => {
    const parts = await askAndFollow('Tell me about FEA', async (stream) => {
      await stream.waitFor((p) => (p.contentBlockDeltaIndex ?? -1) >= 3)
      await redis.stop()
      await expect.poll(async () => (await health()).status).toBe('degraded')
      // The answer goes on while Redis is away, and the subscriber keeps receiving it.
      const during = stream.parts.length
      await expect.poll(() => stream.parts.length, { timeout: 5000 }).toBeGreaterThan(during + 2)
      await redis.start()
    })
    expect(parts.map((p) => p.contentBlockText ?? '').join('')).toBe(answer)
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe('ok')
  })

  it('a subscription that starts while Redis is down works, and so do those after it comes back', async () => {
    await redis.stop()
    await expect.poll(async () => (await health()).realtime.up).toBe(false)
    const parts = await askAndFollow('And CFD?', async (stream) => {
      await stream.waitFor((p) => (p.contentBlockDeltaIndex ?? -1) >= 5)
      await redis.start()
    })
    expect(parts.map((p) => p.contentBlockText ?? '').join('')).toBe(answer)
    // Nothing was remembered as broken: the same conversation subscribes again over Redis.
    await expect.poll(async () => (await health()).realtime.up, { timeout: 15_000 }).toBe(true)
    await askAndFollow('Training?')
  })

  it('while Redis is down, sign-in, chat and the contact form answer promptly, and /healthz says why it is degraded', async () => {
    await redis.stop()
    try {
      await expect.poll(async () => (await health()).status).toBe('degraded')
      const report = await health()
      expect(report.reasons.join(' ')).toMatch(/Redis cannot be reached/)

      // Each answers well within a second here; the bound leaves room for a loaded machine while
      // ruling out waiting on Redis (which took about 7.5 s and ended in a 500).
      const timed = async <T>(work: () => Promise<T>) => {
        const started = performance.now()
        const result = await work()
        return { result, ms: performance.now() - started }
      }
      const signIn = await timed(() =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
        }),
      )
      expect(signIn.result.status).toBe(200)
      expect(signIn.ms).toBeLessThan(3000)

      const { id } = await newConversation()
      const chat = await timed(() => gql<{ sendChatMessage: { id: string } }>(server.url, user.cookie, SEND, { input: { conversationId: id, content: [{ text: 'Hello' }] } }))
      expect(chat.result.errors).toBeUndefined()
      expect(chat.ms).toBeLessThan(3000)

      const contact = await timed(() =>
        fetch(`${server.url}/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
          body: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Can you run a CFD study for us?' }),
          redirect: 'manual',
        }),
      )
      expect(contact.result.status).toBe(200)
      expect(contact.ms).toBeLessThan(3000)
      const stored = await db.query('SELECT 1 FROM contact WHERE email = $1', ['ada@example.com'])
      expect(stored.rowCount).toBe(1)

      // The limits still hold while Redis is away: they are counted in PostgreSQL.
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${server.url}/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
          body: new URLSearchParams({ name: 'Grace Hopper', email: `grace${i}@example.com`, message: 'Another message for you.' }),
        })
        statuses.push(res.status)
      }
      expect(statuses).toContain(429)
    } finally {
      await redis.start()
    }
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe('ok')
  })
})
