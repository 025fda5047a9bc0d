import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatStreamPart } from '../../../lib/chat-schema'
import { startServer, type RunningServer } from '../../../server/app'
import { streamParts } from '../../../server/db/schema'
import { parseEnv } from '../../../server/core/env'
import { createLogger } from '../../../server/core/logger'
import { createSessionUser, type SessionUser } from './support/auth-session'
import { startFakeOpenAiServer, type FakeOpenAiServer } from './support/fake-openai-server'
import { gql, readStream, wsClient } from './support/graphql-clients'
import { newDataDir } from '../../setup/data-dir'

const CONVERSATION = 'mutation { createOrGetChatConversation { id lastStreamSeq } }'
const SEND = 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id role content { text } } }'
const MESSAGES = 'query ($id: ID!, $limit: Int, $nextToken: String) { chatMessages(conversationId: $id, limit: $limit, nextToken: $nextToken) { items { id role content { text } } nextToken } }'
const ANSWER = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ') + ' See [Contact](/contact).'

describe('chat over GraphQL and graphql-ws (model engine on a fake OpenAI-compatible server)', () => {
  let server: RunningServer
  let fake: FakeOpenAiServer
  let alice: SessionUser
  let bob: SessionUser
  let dataDir: string
  const closers: (() => unknown)[] = []

  beforeAll(async () => {
    dataDir = await newDataDir('chat-gql-')
    fake = await startFakeOpenAiServer({ mode: 'ok', answer: ANSWER, wordsPerChunk: 1, chunkDelayMs: 40 })
    server = await startServer({
      env: parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'k' }),
      log: createLogger(process.env.TEST_LOG ? 'error' : 'silent'),
    })
    const sql = (text: string, params: unknown[]) => server.ctx.database.pool.query(text, params)
    alice = await createSessionUser(server.url, sql, `alice-${randomUUID().slice(0, 6)}@example.com`)
    bob = await createSessionUser(server.url, sql, `bob-${randomUUID().slice(0, 6)}@example.com`)
  })
  afterAll(async () => {
    for (const close of closers) await close()
    await server?.close()
    await fake?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('lets only the owner read, send to or subscribe to a conversation', async () => {
    const { data } = await gql<{ createOrGetChatConversation: { id: string } }>(server.url, alice.cookie, CONVERSATION)
    const id = data!.createOrGetChatConversation.id

    for (const cookie of [bob.cookie, null]) {
      const read = await gql(server.url, cookie, MESSAGES, { id })
      expect(read.errors?.[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } })
      const send = await gql(server.url, cookie, SEND, { input: { conversationId: id, content: [{ text: 'hello' }] } })
      expect(send.errors?.[0]?.message).toBe('Unauthorized')
    }
    expect((await gql(server.url, null, CONVERSATION)).errors?.[0]?.message).toBe('Unauthorized')

    const client = wsClient(server.url, bob.cookie)
    closers.push(() => client.dispose())
    const stream = readStream(client, id, 0)
    expect(await stream.error).toEqual([expect.objectContaining({ message: 'Unauthorized' })])
  })

  it('answers "No conversation found" when sending without a conversation', async () => {
    const res = await gql(server.url, alice.cookie, SEND, { input: { content: [{ text: 'hello' }] } })
    expect(res.errors?.[0]).toMatchObject({ message: 'No conversation found', extensions: { code: 'NOT_FOUND' } })
  })

  it('refuses a socket opened from another site', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(server.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', { headers: { cookie: alice.cookie, origin: 'https://evil.example' } })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('open', () => resolve(101))
      ws.on('error', () => {})
    })
    expect(status).toBe(403)
  })

  it('streams the answer, and a subscriber that reconnects mid-answer gets the rest without duplicates or gaps', async () => {
    const { data } = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(server.url, alice.cookie, CONVERSATION)
    const { id, lastStreamSeq } = data!.createOrGetChatConversation

    const first = wsClient(server.url, alice.cookie)
    const firstStream = readStream(first, id, lastStreamSeq)
    await firstStream.waitFor((p) => p.id === 'start_ack')
    const sent = await gql<{ sendChatMessage: { id: string } }>(server.url, alice.cookie, SEND, {
      input: { conversationId: id, content: [{ text: 'How do I contact you?' }], aiContext: JSON.stringify({ page: '/' }) },
    })
    expect(sent.errors).toBeUndefined()
    // Drop the socket after a few parts, as a network blip would.
    const seen = await firstStream.waitFor((p) => (p.contentBlockDeltaIndex ?? -1) >= 4)
    await first.dispose()
    const beforeDrop = firstStream.parts.filter((p) => p.id !== 'start_ack')
    const lastSeen = beforeDrop.at(-1)!.seq
    expect(seen.length).toBeGreaterThan(3)

    const second = wsClient(server.url, alice.cookie)
    closers.push(() => second.dispose())
    const secondStream = readStream(second, id, lastSeen)
    const rest = (await secondStream.waitFor((p) => !!p.stopReason)).filter((p) => p.id !== 'start_ack')

    const received: ChatStreamPart[] = [...beforeDrop, ...rest]
    const stored = await server.ctx.db.select().from(streamParts).where(eq(streamParts.associatedUserMessageId, sent.data!.sendChatMessage.id)).orderBy(asc(streamParts.seq))
    expect(received.map((p) => p.seq)).toEqual(stored.map((p) => p.seq))
    expect(received.map((p) => p.contentBlockText ?? '').join('')).toBe(ANSWER)
    expect(received.at(-1)!.stopReason).toBe('end_turn')

    // The system prompt carried the retrieved passages; the reply is saved and listed.
    expect(String(fake.requests.at(-1)!.messages[0]!.content)).toContain('/contact')
    const listed = await gql<{ chatMessages: { items: { role: string; content: { text: string }[] }[] } }>(server.url, alice.cookie, MESSAGES, { id })
    expect(listed.data!.chatMessages.items.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(listed.data!.chatMessages.items[1]!.content[0]!.text).toBe(ANSWER)
  })

  it('after a reload mid-answer, lastStreamSeq lets the new subscriber receive the whole answer', async () => {
    const before = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(server.url, alice.cookie, CONVERSATION)
    const { id } = before.data!.createOrGetChatConversation
    const watcher = wsClient(server.url, alice.cookie)
    closers.push(() => watcher.dispose())
    const watch = readStream(watcher, id, before.data!.createOrGetChatConversation.lastStreamSeq)
    await watch.waitFor((p) => p.id === 'start_ack')
    await gql(server.url, alice.cookie, SEND, { input: { conversationId: id, content: [{ text: 'Where is your office?' }] } })
    await watch.waitFor((p) => (p.contentBlockDeltaIndex ?? -1) >= 3)

    // The page reloads: it asks where to resume, then subscribes from there.
    const reloaded = await gql<{ createOrGetChatConversation: { lastStreamSeq: number } }>(server.url, alice.cookie, CONVERSATION)
    const resumeAfter = reloaded.data!.createOrGetChatConversation.lastStreamSeq
    const firstOfAnswer = watch.parts.find((p) => p.id !== 'start_ack')!
    expect(resumeAfter).toBe(firstOfAnswer.seq - 1)
    const client = wsClient(server.url, alice.cookie)
    closers.push(() => client.dispose())
    const parts = (await readStream(client, id, resumeAfter).waitFor((p) => !!p.stopReason)).filter((p) => p.id !== 'start_ack')
    expect(parts.map((p) => p.contentBlockText ?? '').join('')).toBe(ANSWER)

    // Once it is finished, a fresh load starts after it.
    const after = await gql<{ createOrGetChatConversation: { lastStreamSeq: number } }>(server.url, alice.cookie, CONVERSATION)
    expect(after.data!.createOrGetChatConversation.lastStreamSeq).toBe(parts.at(-1)!.seq)
  })

  it('turns a failing provider into a stream error part', async () => {
    fake.setMode('fail')
    try {
      const { data } = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(server.url, alice.cookie, CONVERSATION)
      const client = wsClient(server.url, alice.cookie)
      closers.push(() => client.dispose())
      const stream = readStream(client, data!.createOrGetChatConversation.id, data!.createOrGetChatConversation.lastStreamSeq)
      await stream.waitFor((p) => p.id === 'start_ack')
      await gql(server.url, alice.cookie, SEND, { input: { conversationId: data!.createOrGetChatConversation.id, content: [{ text: 'What is the FEA rate?' }] } })
      const parts = await stream.waitFor((p) => !!p.errors, 30_000)
      expect(parts.at(-1)!.errors).toEqual([{ message: 'The assistant model is unavailable. Please try again later.', errorType: 'ProviderError' }])
    } finally {
      fake.setMode('ok')
    }
  })
})
