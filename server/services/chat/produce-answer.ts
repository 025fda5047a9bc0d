import { chatMessages, type ChatStreamPart } from '../../../lib/chat-schema'
import type { AssistantTurn } from '../../assistant/engine'
import { getAppContext } from '../../context'
import { messages, streamParts } from '../../db/schema'
import { getChatRuntime } from './chat-runtime'
import { conversationTopic, toStreamPart } from './chat-types'

export interface ProduceAnswerOptions {
  conversationId: string
  userMessageId: string
  owner: string
  question: string
  history: AssistantTurn[]
}

const STOP_REASON_END_TURN = 'end_turn'

/**
 * Runs the engine in the background. Every part is stored (so a reconnecting subscriber can resume
 * from its last seq) and then published to the conversation's topic; the assistant message is saved
 * before the stop reason, so a client that reloads on "done" finds it. Returns at once.
 */
export function produceAnswer(options: ProduceAnswerOptions): void {
  const runtime = getChatRuntime()
  const abort = new AbortController()
  const done = run(options, abort.signal).finally(() => runtime.running.delete(options.userMessageId))
  runtime.running.set(options.userMessageId, { abort, done })
}

async function run({ conversationId, userMessageId, owner, question, history }: ProduceAnswerOptions, signal: AbortSignal) {
  const { db, events, log } = getAppContext()
  const { engine } = getChatRuntime()
  const emit = async (fields: Partial<Omit<ChatStreamPart, 'id' | 'seq' | 'conversationId' | 'associatedUserMessageId'>>) => {
    const [row] = await db
      .insert(streamParts)
      .values({ conversationId, associatedUserMessageId: userMessageId, ...fields })
      .returning()
    await events.publish(conversationTopic(conversationId), toStreamPart(row!))
  }

  let text = ''
  let deltaIndex = 0
  try {
    for await (const delta of engine.answer({ question, history, signal })) {
      if (!delta) continue
      text += delta
      await emit({ contentBlockIndex: 0, contentBlockDeltaIndex: deltaIndex++, contentBlockText: delta })
    }
    await emit({ contentBlockIndex: 0, contentBlockDoneAtIndex: Math.max(0, deltaIndex - 1) })
    const now = new Date()
    await db.insert(messages).values({ conversationId, role: 'assistant', content: [{ text }], owner, createdAt: now, updatedAt: now })
    await emit({ stopReason: STOP_REASON_END_TURN })
  } catch (error) {
    const err = error as Error
    const provider = err?.name === 'AssistantProviderError'
    log.warn({ err, conversationId, engine: engine.name }, 'assistant answer failed')
    await emit({ errors: [{ message: provider ? err.message : chatMessages.streamFailed, errorType: provider ? 'ProviderError' : 'InternalError' }] }).catch((e: unknown) =>
      log.error({ err: e, conversationId }, 'could not record the assistant error'),
    )
  }
}
