import { and, eq, sql } from 'drizzle-orm'
import { chatMessages, type ChatStreamPart } from '../../../lib/chat-schema'
import type { AssistantTurn } from './assistant-engine'
import { getAppContext } from '../../context/app-context'
import { chatAnswers, messages, streamParts } from '../../db/schema'
import { ANSWER_LEASE_LOST, ANSWER_STOPPED_FOR_SHUTDOWN, getChatRuntime, type ChatRuntime } from './chat-runtime'
import { conversationTopic, INTERRUPTED_ERRORS, STOP_REASON_END_TURN, toStreamPart } from './chat-types'

export interface ProduceAnswerOptions {
  conversationId: string
  userMessageId: string
  owner: string
  question: string
  history: AssistantTurn[]
}

type PartFields = Partial<Omit<ChatStreamPart, 'id' | 'seq' | 'conversationId' | 'associatedUserMessageId'>>

/** Another process ended this answer (its lease ran out): nothing more of it is stored. */
class AnswerTakenOver extends Error {}

/**
 * Runs the engine in the background, under the answer's lease (taken by sendMessage with the
 * question; renewed by the assistant plugin while the answer runs). Every part is stored (so a
 * reconnecting subscriber can resume from its last seq) and then published to the conversation's
 * topic. The last part, the stop reason or an error, is stored in the transaction that gives the lease
 * up, with the assistant message before it, so a client that reloads on "done" finds the message, and
 * an answer ends exactly once: by its producer, or, when the producer died, by whichever process found
 * its lease run out (end-abandoned-answers.ts). Returns at once.
 */
export function produceAnswer(options: ProduceAnswerOptions): void {
  const runtime = getChatRuntime()
  const abort = new AbortController()
  const done = run(options, runtime, abort.signal).finally(() => runtime.running.delete(options.userMessageId))
  runtime.running.set(options.userMessageId, { abort, done })
}

async function run({ conversationId, userMessageId, owner, question, history }: ProduceAnswerOptions, runtime: ChatRuntime, signal: AbortSignal) {
  const { db, events, log } = getAppContext()
  const { engine, producer } = runtime
  const topic = conversationTopic(conversationId)
  const held = and(eq(chatAnswers.userMessageId, userMessageId), eq(chatAnswers.producer, producer))

  // A part is stored only while this process holds the lease: the lock taken on the lease row makes the
  // process that ends the answer for a dead producer wait for this insert, and this insert find nothing
  // once that one removed the row, so no part follows an answer's end.
  const emit = async (fields: PartFields) => {
    const result = await db.execute<StoredPartRow>(sql`
      INSERT INTO ${streamParts} (conversation_id, associated_user_message_id, content_block_index, content_block_delta_index, content_block_done_at_index, content_block_text)
      SELECT ${conversationId}, ${userMessageId}, ${fields.contentBlockIndex ?? null}, ${fields.contentBlockDeltaIndex ?? null}, ${fields.contentBlockDoneAtIndex ?? null}, ${fields.contentBlockText ?? null}
      WHERE EXISTS (SELECT 1 FROM ${chatAnswers} WHERE user_message_id = ${userMessageId} AND producer = ${producer} FOR KEY SHARE)
      RETURNING ${STORED_PART_COLUMNS}`)
    const row = result.rows[0]
    if (!row) throw new AnswerTakenOver()
    await events.publish(topic, fromStoredPartRow(row))
  }
  // The last part, in the transaction that gives the lease up; a finished answer's message before it.
  const end = async (fields: PartFields, answerText?: string) => {
    const row = await db.transaction(async (tx) => {
      const released = await tx.delete(chatAnswers).where(held).returning({ id: chatAnswers.userMessageId })
      if (released.length === 0) return undefined
      if (answerText !== undefined) {
        const now = new Date()
        await tx.insert(messages).values({ conversationId, role: 'assistant', content: [{ text: answerText }], owner, createdAt: now, updatedAt: now })
      }
      const [part] = await tx
        .insert(streamParts)
        .values({ conversationId, associatedUserMessageId: userMessageId, ...fields })
        .returning()
      return part
    })
    if (!row) throw new AnswerTakenOver()
    await events.publish(topic, toStreamPart(row))
  }

  let text = ''
  let deltaIndex = 0
  try {
    for await (const delta of engine.answer({ question, history, signal })) {
      if (!delta) continue
      text += delta
      await emit({ contentBlockIndex: 0, contentBlockDeltaIndex: deltaIndex++, contentBlockText: delta })
    }
    signal.throwIfAborted()
    await emit({ contentBlockIndex: 0, contentBlockDoneAtIndex: Math.max(0, deltaIndex - 1) })
    await end({ stopReason: STOP_REASON_END_TURN }, text)
  } catch (error) {
    if (error instanceof AnswerTakenOver || signal.reason === ANSWER_LEASE_LOST) {
      log.warn({ conversationId, userMessageId }, 'chat: another process ended this answer (its lease ran out before this one renewed it)')
      return
    }
    const err = error as Error
    const stopped = signal.reason === ANSWER_STOPPED_FOR_SHUTDOWN
    const provider = err?.name === 'AssistantProviderError'
    if (!stopped) log.warn({ err, conversationId, engine: engine.name }, 'assistant answer failed')
    const errors = stopped ? INTERRUPTED_ERRORS : [{ message: provider ? err.message : chatMessages.streamFailed, errorType: provider ? 'ProviderError' : 'InternalError' }]
    await end({ errors }).catch((e: unknown) => {
      // Left to its lease: another process (or this one's next start) ends it as interrupted.
      if (!(e instanceof AnswerTakenOver)) log.error({ err: e, conversationId }, 'could not record the end of the assistant answer')
    })
  }
}

/** The columns of a stored part, named as ChatStreamPart names them. */
const STORED_PART_COLUMNS = sql.raw(
  'seq, id, conversation_id AS "conversationId", associated_user_message_id AS "associatedUserMessageId", content_block_index AS "contentBlockIndex", content_block_delta_index AS "contentBlockDeltaIndex", content_block_done_at_index AS "contentBlockDoneAtIndex", content_block_text AS "contentBlockText", stop_reason AS "stopReason", errors',
)

type StoredPartRow = Omit<ChatStreamPart, 'seq'> & { seq: string | number; [column: string]: unknown }

function fromStoredPartRow(row: StoredPartRow): ChatStreamPart {
  return toStreamPart({ ...row, seq: Number(row.seq) })
}
