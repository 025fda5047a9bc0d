import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, INTERRUPTED_ERROR_TYPE, type ChatStreamPart } from '../../../lib/chat-schema'
import { connectToServerDatabase } from '../platform/support/server-database'
import { spawnTestServer, type TestServer } from '../../setup/test-server'
import { createSessionUser, type SessionUser } from './support/auth-session'
import { startFakeOpenAiServer, type FakeOpenAiServer } from './support/fake-openai-server'
import { gql, readStream, wsClient } from './support/graphql-clients'

const CONVERSATION = 'mutation { createOrGetChatConversation { id lastStreamSeq } }'
const SEND = 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }'
// Forty words, one every 250 ms: ten seconds of answer, time enough to stop its producer in the middle.
const SLOW_ANSWER = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
const INTERRUPTED = [{ message: chatMessages.interrupted, errorType: INTERRUPTED_ERROR_TYPE }]

// The process producing an answer dies or stops in the middle of it: the answer still ends, with an
// interruption the browser shows with Retry, and nothing follows that end.
describe('an answer whose producing process stops in the middle', { timeout: 180_000 }, () => {
  let fake: FakeOpenAiServer
  let server: TestServer
  let user: SessionUser
  let env: Record<string, string>
  let dataDir: string

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ mode: 'ok', answer: SLOW_ANSWER, wordsPerChunk: 1, chunkDelayMs: 250 })
    env = { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'k' }
    server = await spawnTestServer({ env })
    // Restarted on the same port and DATA_DIR, as a supervisor would.
    env.PORT = new URL(server.url).port
    dataDir = server.dataDir
    user = await createSessionUser(
      server.url,
      async (text, params) => {
        const db = await connectToServerDatabase(server.dataDir)
        try {
          return await db.query(text, params as unknown[])
        } finally {
          await db.end()
        }
      },
      `interrupted-${randomUUID().slice(0, 6)}@example.com`,
    )
  })
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  /** Sends a question and waits until a few words of its answer have been stored and streamed. */
  async function askAndWaitForWords(text: string) {
    const { data } = await gql<{ createOrGetChatConversation: { id: string; lastStreamSeq: number } }>(server.url, user.cookie, CONVERSATION)
    const conversation = data!.createOrGetChatConversation
    const ws = wsClient(server.url, user.cookie)
    const stream = readStream(ws, conversation.id, conversation.lastStreamSeq)
    await stream.waitFor((p) => p.id === 'start_ack')
    const sent = await gql<{ sendChatMessage: { id: string } }>(server.url, user.cookie, SEND, { input: { conversationId: conversation.id, content: [{ text }] } })
    expect(sent.errors).toBeUndefined()
    const question = sent.data!.sendChatMessage.id
    const seen = await stream.waitFor((p) => p.associatedUserMessageId === question && p.contentBlockDeltaIndex === 2)
    void ws.dispose()
    return { conversation, question, seen: seen.filter((p) => p.associatedUserMessageId === question) }
  }

  /** The rest of the answer, as a client that resumes after the last part it saw receives it. */
  async function resume(conversationId: string, afterSeq: number, question: string): Promise<ChatStreamPart[]> {
    const ws = wsClient(server.url, user.cookie)
    try {
      const stream = readStream(ws, conversationId, afterSeq)
      await stream.waitFor((p) => p.associatedUserMessageId === question && (!!p.errors || !!p.stopReason), 30_000)
      // Anything stored after the end would have been replayed with it.
      await new Promise((r) => setTimeout(r, 300))
      return stream.parts.filter((p) => p.associatedUserMessageId === question)
    } finally {
      await ws.dispose()
    }
  }

  it('killed (kill -9): the restarted process ends it as interrupted, a reload shows it, and asking again is answered', async () => {
    const { conversation, question, seen } = await askAndWaitForWords('Tell me about your FEA work.')
    await server.kill('SIGKILL')
    server = await spawnTestServer({ dataDir: server.dataDir, env })

    const rest = await resume(conversation.id, seen.at(-1)!.seq, question)
    expect(rest.at(-1)!.errors).toEqual(INTERRUPTED)
    expect(rest.filter((p) => p.errors || p.stopReason)).toHaveLength(1)

    // A page loaded now starts before the interrupted answer: it shows the words that came and the end.
    const reloaded = (await gql<{ createOrGetChatConversation: { lastStreamSeq: number } }>(server.url, user.cookie, CONVERSATION)).data!.createOrGetChatConversation
    expect(reloaded.lastStreamSeq).toBe(seen[0]!.seq - 1)

    // Asked again, the question is answered.
    fake.configure({ chunkDelayMs: 0 })
    try {
      const again = await gql<{ sendChatMessage: { id: string } }>(server.url, user.cookie, SEND, { input: { conversationId: conversation.id, content: [{ text: 'Tell me about your FEA work.' }] } })
      const answer = await resume(conversation.id, reloaded.lastStreamSeq, again.data!.sendChatMessage.id)
      expect(answer.at(-1)!.stopReason).toBe('end_turn')
      expect(answer.map((p) => p.contentBlockText ?? '').join('')).toBe(SLOW_ANSWER)
    } finally {
      fake.configure({ chunkDelayMs: 250 })
    }
  })

  it('stopped (SIGTERM): the stopping process itself ends it as interrupted before it exits', async () => {
    const { conversation, question, seen } = await askAndWaitForWords('Which CAD software do you use?')
    expect(await server.stop()).toBe(0)
    server = await spawnTestServer({ dataDir: server.dataDir, env })
    const rest = await resume(conversation.id, seen.at(-1)!.seq, question)
    expect(rest.at(-1)!.errors).toEqual(INTERRUPTED)
    expect(rest.filter((p) => p.errors || p.stopReason)).toHaveLength(1)
    // Ended by the process that stopped, not left to its lease.
    expect(server.logs.join('\n')).not.toContain('ended an answer whose producer stopped renewing its lease')
  })
})
