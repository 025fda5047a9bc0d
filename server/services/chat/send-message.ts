import { desc, eq, sql } from 'drizzle-orm'
import { CHAT_RATE_LIMIT, chatMessages, messageText, sendMessageInputSchema, type ChatMessage } from '../../../lib/chat-schema'
import { getAppContext } from '../../context/app-context'
import { chatAnswers, conversations, messages } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { enqueueOutbox } from '../../outbox/enqueue'
import { consumeRateLimit } from '../../rate-limit/consume-rate-limit'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { getChatRuntime } from './chat-runtime'
import { ANSWER_LEASE_MS, toMessage } from './chat-types'
import { produceAnswer } from './produce-answer'
import { requireOwnConversation } from './require-own-conversation'

export interface SendMessageOptions {
  actor: MaybeActor
  input: unknown
}

const HISTORY_MESSAGES = 20

/**
 * Saves the user's message (and its notification) before anything is streamed, then starts the
 * assistant's answer in the background; the answer arrives through the stream subscription. The
 * answer's lease is taken with the message, in one transaction: a process that dies right after it
 * committed leaves a lease that runs out, and another process ends the answer, so no question is left
 * without an end.
 * Order of checks: validate, authenticate, rate limit, ownership (cheap refusals first, and a stranger
 * learns nothing about a conversation before the rate limit counts them).
 */
export async function sendMessage({ actor, input }: SendMessageOptions): Promise<ChatMessage> {
  const data = parseInput(sendMessageInputSchema, input)
  const a = requireSignedIn(actor)
  const limit = await consumeRateLimit({ key: `chat:user:${a.userId}`, limit: CHAT_RATE_LIMIT.limit, windowMs: CHAT_RATE_LIMIT.windowMs })
  if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', chatMessages.rateLimited(limit.retryAfterSeconds))
  const { conversation } = await requireOwnConversation(a, data.conversationId)

  const { db } = getAppContext()
  const { producer } = getChatRuntime()
  const text = messageText(data.content)
  const history = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(desc(messages.createdAt))
    .limit(HISTORY_MESSAGES)
  const saved = await db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        role: 'user',
        content: data.content.map((b) => ({ text: b.text })),
        aiContext: data.aiContext ?? null,
        toolConfiguration: data.toolConfiguration ?? null,
        owner: a.userId,
        // Millisecond timestamps from here, so the listing cursor round-trips exactly.
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await tx.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, conversation.id))
    await tx.insert(chatAnswers).values({
      userMessageId: row!.id,
      conversationId: conversation.id,
      producer,
      leaseUntil: sql`now() + ${ANSWER_LEASE_MS} * interval '1 millisecond'`,
    })
    await enqueueOutbox(tx, { channel: 'notification', kind: 'chat', payload: { message: `Chat message from ${a.email}: ${text.slice(0, 1500)}` } })
    return row!
  })

  produceAnswer({
    conversationId: conversation.id,
    userMessageId: saved.id,
    owner: a.userId,
    question: text,
    history: history.reverse().map((m) => ({ role: m.role, text: messageText(m.content as { text?: string }[]) })),
  })
  return toMessage(saved)
}
