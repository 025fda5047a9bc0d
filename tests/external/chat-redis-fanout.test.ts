import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from '../integration/chat/support/fake-openai-server'
import { gql, readStream, wsClient } from '../integration/chat/support/graphql-clients'
import { SYSTEM_REDIS_URL } from '../integration/platform/support/scratch-database'
import { startTwoInstances, type TwoInstances } from './support/two-instances'

// Two instances behind a (notional) load balancer: the answer is produced by the instance that took
// the message and reaches a subscriber connected to the other one through Redis.
describe('chat stream across two instances on PostgreSQL and Redis', () => {
  let instances: TwoInstances
  let fake: FakeOpenAiServer
  const slowAnswer = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')

  beforeAll(async () => {
    // A model that answers slowly, so a subscriber can move between instances mid-answer.
    fake = await startFakeOpenAiServer({ mode: 'ok', answer: slowAnswer, wordsPerChunk: 1, chunkDelayMs: 60 })
    // Instances share the session secret, as they must behind one load balancer.
    const env = { REDIS_URL: SYSTEM_REDIS_URL, AUTH_SECRET: 'chat-fanout-test-secret-0123456789abcdef', ...fakeModelEnv(fake) }
    instances = await startTwoInstances(env, `chat-fanout-${Date.now()}@example.com`)
  })
  afterAll(async () => {
    await instances?.close()
    await fake?.close()
  })

  it('delivers every part, in order, to a subscriber on the other instance', async () => {
    const created = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(instances.one.url, instances.user.cookie, 'mutation { createOrGetChatConversation { id lastStreamSeq } }')
    const { id, lastStreamSeq } = created.data!.createOrGetChatConversation
    const client = wsClient(instances.two.url, instances.user.cookie)
    try {
      const stream = readStream(client, id, lastStreamSeq)
      await stream.waitFor((p) => p.id === 'start_ack')
      const sent = await gql<{ sendChatMessage: { id: string } }>(instances.one.url, instances.user.cookie, 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }', {
        input: { conversationId: id, content: [{ text: 'Tell me about your services' }] },
      })
      expect(sent.errors).toBeUndefined()
      const parts = (await stream.waitFor((p) => !!p.stopReason)).filter((p) => p.id !== 'start_ack')
      const stored = await instances.db.query<{ seq: string }>('SELECT seq FROM stream_part WHERE associated_user_message_id = $1 ORDER BY seq', [sent.data!.sendChatMessage.id])
      expect(parts.map((p) => p.seq)).toEqual(stored.rows.map((r) => Number(r.seq)))
      expect(parts.map((p) => p.contentBlockText ?? '').join('')).toBe(slowAnswer)
    } finally {
      await client.dispose()
    }
  })

  it('a subscriber that moves to the other instance mid-answer gets the rest without duplicates or gaps', async () => {
    const created = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(instances.one.url, instances.user.cookie, 'mutation { createOrGetChatConversation { id lastStreamSeq } }')
    const { id, lastStreamSeq } = created.data!.createOrGetChatConversation
    const first = wsClient(instances.two.url, instances.user.cookie)
    const before = readStream(first, id, lastStreamSeq)
    await before.waitFor((p) => p.id === 'start_ack')
    const sent = await gql<{ sendChatMessage: { id: string } }>(instances.one.url, instances.user.cookie, 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }', {
      input: { conversationId: id, content: [{ text: 'And your training?' }] },
    })
    await before.waitFor((p) => (p.contentBlockDeltaIndex ?? -1) >= 5)
    await first.dispose()
    const seen = before.parts.filter((p) => p.id !== 'start_ack')

    const second = wsClient(instances.one.url, instances.user.cookie)
    try {
      const rest = (await readStream(second, id, seen.at(-1)!.seq).waitFor((p) => !!p.stopReason)).filter((p) => p.id !== 'start_ack')
      const all = [...seen, ...rest]
      const stored = await instances.db.query<{ seq: string }>('SELECT seq FROM stream_part WHERE associated_user_message_id = $1 ORDER BY seq', [sent.data!.sendChatMessage.id])
      expect(all.map((p) => p.seq)).toEqual(stored.rows.map((r) => Number(r.seq)))
      expect(all.map((p) => p.contentBlockText ?? '').join('')).toBe(slowAnswer)
    } finally {
      await second.dispose()
    }
  })
})
