import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, INTERRUPTED_ERROR_TYPE } from '../../../lib/chat-schema'
import type { Actor } from '../../../server/auth/actor'
import { chatAnswers, messages, streamParts } from '../../../server/db/schema'
import { getChatRuntime } from '../../../server/services/chat/chat-runtime'
import { ANSWER_LEASE_MS } from '../../../server/services/chat/chat-types'
import { createOrGetConversation } from '../../../server/services/chat/create-or-get-conversation'
import { sendMessage } from '../../../server/services/chat/send-message'
import { startChatTestServer, waitFor, type ChatTestServer } from './support/chat-test-server'
import { startFakeOpenAiServer, type FakeOpenAiServer } from './support/fake-openai-server'

const WORDS = 30
const ANSWER = Array.from({ length: WORDS }, (_, i) => `word${i}`).join(' ')

// An answer is held by its producer under a lease in PostgreSQL, renewed every second: a long answer
// keeps it to its end, and an answer whose lease another process took stops at once and ends once.
describe('the lease of an answer being produced', { timeout: 120_000 }, () => {
  let fake: FakeOpenAiServer
  let t: ChatTestServer
  let actor: Actor

  beforeAll(async () => {
    // Thirty words, one every 300 ms: nine seconds, longer than the lease.
    fake = await startFakeOpenAiServer({ mode: 'ok', answer: ANSWER, wordsPerChunk: 1, chunkDelayMs: 300 })
    t = await startChatTestServer({ env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'k' } })
    actor = await t.createUser()
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  const partsOf = (question: string) => t.server.ctx.db.select().from(streamParts).where(eq(streamParts.associatedUserMessageId, question)).orderBy(streamParts.seq)
  const ask = async (text: string) => {
    const conversation = await createOrGetConversation({ actor })
    return (await sendMessage({ actor, input: { conversationId: conversation.id, content: [{ text }] } })).id
  }

  it('is held with the question, renewed while the answer runs past it, and given up with the last part', async () => {
    expect(WORDS * 300).toBeGreaterThan(ANSWER_LEASE_MS)
    const question = await ask('Tell me everything.')
    const [lease] = await t.server.ctx.db.select().from(chatAnswers).where(eq(chatAnswers.userMessageId, question))
    expect(lease!.producer).toBe(getChatRuntime().producer)
    const parts = await waitFor(async () => {
      const all = await partsOf(question)
      return all.some((p) => p.stopReason || p.errors) ? all : undefined
    }, 30_000)
    expect(parts.at(-1)!.stopReason).toBe('end_turn')
    expect(parts.filter((p) => p.errors)).toEqual([])
    expect(parts.map((p) => p.contentBlockText ?? '').join('')).toBe(ANSWER)
    expect(await t.server.ctx.db.select().from(chatAnswers).where(eq(chatAnswers.userMessageId, question))).toEqual([])
  })

  it('taken by another process (its lease ran out), the answer stops at once and ends once, as interrupted', async () => {
    const question = await ask('Tell me everything again.')
    await waitFor(async () => ((await partsOf(question)).length >= 2 ? true : undefined))
    // What another process sees of a producer that stopped renewing: a lease run out, under another name.
    await t.server.ctx.db.update(chatAnswers).set({ producer: 'a-process-that-died', leaseUntil: new Date(Date.now() - 1000) }).where(eq(chatAnswers.userMessageId, question))
    const parts = await waitFor(async () => {
      const all = await partsOf(question)
      return all.some((p) => p.errors) ? all : undefined
    }, 10_000)
    await waitFor(() => (getChatRuntime().running.has(question) ? undefined : true))
    const after = await partsOf(question)
    expect(after).toEqual(parts)
    expect(after.at(-1)!.errors).toEqual([{ message: chatMessages.interrupted, errorType: INTERRUPTED_ERROR_TYPE }])
    expect(after.filter((p) => p.errors || p.stopReason)).toHaveLength(1)
    expect(after.length).toBeLessThan(WORDS)
    const saved = await t.server.ctx.db.select().from(messages).where(eq(messages.conversationId, after[0]!.conversationId))
    // Only the first test's answer was saved as a message: an interrupted one never is.
    expect(saved.filter((m) => m.role === 'assistant')).toHaveLength(1)
  })
})
