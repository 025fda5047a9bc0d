import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_RATE_LIMIT, type ChatStreamPart } from '../../../lib/chat-schema'
import type { Actor } from '../../../server/auth/actor'
import { messages, outbox, streamParts } from '../../../server/db/schema'
import { createOrGetConversation } from '../../../server/services/chat/create-or-get-conversation'
import { listMessages } from '../../../server/services/chat/list-messages'
import { sendMessage } from '../../../server/services/chat/send-message'
import { subscribeStreamParts } from '../../../server/services/chat/subscribe-stream-parts'
import { startChatTestServer, waitFor, type ChatTestServer } from './support/chat-test-server'

const text = (t: string) => [{ text: t }]

describe('chat service', () => {
  let t: ChatTestServer
  let alice: Actor
  let bob: Actor
  beforeAll(async () => {
    t = await startChatTestServer()
    alice = await t.createUser('alice@example.com')
    bob = await t.createUser('bob@example.com')
  })
  afterAll(async () => {
    await t?.close()
  })

  async function answerOf(conversationId: string, userMessageId: string) {
    return waitFor(async () => {
      const parts = await t.server.ctx.db.select().from(streamParts).where(eq(streamParts.associatedUserMessageId, userMessageId))
      return parts.some((p) => p.stopReason || p.errors) ? parts.sort((a, b) => a.seq - b.seq) : undefined
    })
  }

  it('creates a conversation once per owner and gets it again', async () => {
    const first = await createOrGetConversation({ actor: alice })
    const again = await createOrGetConversation({ actor: alice })
    expect(again.id).toBe(first.id)
    expect((await createOrGetConversation({ actor: alice, id: first.id })).id).toBe(first.id)
    expect((await createOrGetConversation({ actor: bob })).id).not.toBe(first.id)
  })

  it('saves the message and its notification, then stores and saves a streamed answer', async () => {
    const conversation = await createOrGetConversation({ actor: alice })
    const sent = await sendMessage({ actor: alice, input: { conversationId: conversation.id, content: text('How much is CFD analysis per hour?'), aiContext: { page: '/' } } })
    expect(sent.role).toBe('user')
    const notes = await t.server.ctx.db.select().from(outbox).where(eq(outbox.kind, 'chat'))
    expect(notes.some((n) => n.channel === 'notification' && String((n.payload as { message: string }).message).includes('How much is CFD analysis per hour?'))).toBe(true)

    const parts = await answerOf(conversation.id, sent.id)
    const deltas = parts.filter((p) => p.contentBlockText !== null)
    expect(deltas.length).toBeGreaterThan(3)
    expect(deltas.map((p) => p.contentBlockDeltaIndex)).toEqual(deltas.map((_, i) => i))
    expect(parts.at(-2)!.contentBlockDoneAtIndex).toBe(deltas.length - 1)
    expect(parts.at(-1)!.stopReason).toBe('end_turn')
    const answer = deltas.map((p) => p.contentBlockText).join('')
    expect(answer).toContain('£85/hr')

    const listed = await listMessages({ actor: alice, conversationId: conversation.id })
    expect(listed.items.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(listed.items[1]!.content[0]!.text).toBe(answer)
    expect(listed.nextToken).toBeNull()
  })

  it('pages messages by nextToken without repeats', async () => {
    const conversation = await createOrGetConversation({ actor: alice })
    const sent = await sendMessage({ actor: alice, input: { conversationId: conversation.id, content: text('Where is your office?') } })
    await answerOf(conversation.id, sent.id)
    await waitFor(async () => ((await listMessages({ actor: alice, conversationId: conversation.id })).items.length === 4 ? true : undefined))
    const seen: string[] = []
    let nextToken: string | null = null
    do {
      const page: Awaited<ReturnType<typeof listMessages>> = await listMessages({ actor: alice, conversationId: conversation.id, limit: 1, nextToken })
      seen.push(...page.items.map((m) => m.id))
      nextToken = page.nextToken
    } while (nextToken)
    expect(seen).toHaveLength(4)
    expect(new Set(seen).size).toBe(4)
  })

  it('keeps conversations to their owner', async () => {
    const conversation = await createOrGetConversation({ actor: alice })
    await expect(listMessages({ actor: bob, conversationId: conversation.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
    await expect(sendMessage({ actor: bob, input: { conversationId: conversation.id, content: text('hi') } })).rejects.toMatchObject({ message: 'Unauthorized' })
    await expect(subscribeStreamParts({ actor: bob, conversationId: conversation.id })).rejects.toMatchObject({ message: 'Unauthorized' })
    await expect(createOrGetConversation({ actor: bob, id: conversation.id })).rejects.toMatchObject({ message: 'Unauthorized' })
    await expect(listMessages({ actor: null, conversationId: conversation.id })).rejects.toMatchObject({ message: 'Unauthorized' })
  })

  it('refuses a send without a conversation, an empty message and a message that is too long', async () => {
    await expect(sendMessage({ actor: alice, input: { content: text('hello') } })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No conversation found' })
    await expect(sendMessage({ actor: alice, input: { conversationId: '00000000-0000-4000-8000-000000000000', content: text('hello') } })).rejects.toMatchObject({
      message: 'No conversation found',
    })
    const conversation = await createOrGetConversation({ actor: alice })
    await expect(sendMessage({ actor: alice, input: { conversationId: conversation.id, content: text('   ') } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Please type a message.' })
    await expect(sendMessage({ actor: alice, input: { conversationId: conversation.id, content: text('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)) } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `Your message is too long: please keep it under ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
    })
  })

  it('limits how fast one user may send', async () => {
    const carol = await t.createUser()
    const conversation = await createOrGetConversation({ actor: carol })
    for (let i = 0; i < CHAT_RATE_LIMIT.limit; i++) await sendMessage({ actor: carol, input: { conversationId: conversation.id, content: text(`question ${i}`) } })
    await expect(sendMessage({ actor: carol, input: { conversationId: conversation.id, content: text('one more') } })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^You are sending messages too quickly\. Please wait \d+ seconds and try again\.$/),
    })
    const saved = await t.server.ctx.db.select().from(messages).where(eq(messages.conversationId, conversation.id))
    expect(saved.filter((m) => m.role === 'user')).toHaveLength(CHAT_RATE_LIMIT.limit)
    await waitFor(() => (t.server.ctx.services.chat as { running: Map<string, unknown> }).running.size === 0 || undefined)
  })

  it('resumes a stream after the last seq seen, without duplicates or gaps', async () => {
    const dave = await t.createUser()
    const conversation = await createOrGetConversation({ actor: dave })
    const live = await subscribeStreamParts({ actor: dave, conversationId: conversation.id, afterSeq: conversation.lastStreamSeq })
    const sent = await sendMessage({ actor: dave, input: { conversationId: conversation.id, content: text('What training courses do you offer?') } })
    // Read a few parts, drop the subscription mid-answer, and resume from the last seq seen.
    const firstParts: ChatStreamPart[] = []
    for (let i = 0; i < 3; i++) firstParts.push((await live.next()).value as ChatStreamPart)
    await live.return!()
    const resumed = await subscribeStreamParts({ actor: dave, conversationId: conversation.id, afterSeq: firstParts.at(-1)!.seq })
    const rest: ChatStreamPart[] = []
    for (;;) {
      const part = (await resumed.next()).value as ChatStreamPart
      rest.push(part)
      if (part.stopReason || part.errors) break
    }
    await resumed.return!()
    const all = [...firstParts, ...rest]
    const stored = await answerOf(conversation.id, sent.id)
    expect(all.map((p) => p.seq)).toEqual(stored.map((p) => p.seq))
    expect(all.filter((p) => p.contentBlockText).map((p) => p.contentBlockText).join('')).toContain('CFD Simulation')
  })
})
