import { chatMessages, INTERRUPTED_ERROR_TYPE, type ChatMessage, type ChatStreamPart } from '../../../lib/chat-schema'
import type { conversations, messages } from '../../db/schema'

/**
 * An answer's lease: the process producing it renews it every ANSWER_LEASE_RENEW_MS for
 * ANSWER_LEASE_MS, and every process looks for leases that ran out every ABANDONED_ANSWER_SWEEP_MS.
 * A producer that dies (kill -9, a crash, the out-of-memory killer) has its answer ended within
 * ANSWER_LEASE_MS + ABANDONED_ANSWER_SWEEP_MS; one that merely stalls keeps its answer for four
 * missed renewals.
 */
export const ANSWER_LEASE_MS = 5000
export const ANSWER_LEASE_RENEW_MS = 1000
export const ABANDONED_ANSWER_SWEEP_MS = 1000

/** The stop reason of an answer that ended as the engine finished it. */
export const STOP_REASON_END_TURN = 'end_turn'

/** The errors of the part that ends an interrupted answer: the browser shows them with Retry. */
export const INTERRUPTED_ERRORS: NonNullable<ChatStreamPart['errors']> = [{ message: chatMessages.interrupted, errorType: INTERRUPTED_ERROR_TYPE }]

export interface ChatConversation {
  id: string
  name: string | null
  metadata: unknown
  createdAt: string
  updatedAt: string
  /** The seq of the newest stored stream part (0 for none): subscribe after it to miss nothing. */
  lastStreamSeq: number
}

/** The event-bus topic of a conversation's assistant stream (one per conversation, on every instance). */
export function conversationTopic(conversationId: string) {
  return `chat:conversation:${conversationId}`
}

export function toConversation(row: typeof conversations.$inferSelect, lastStreamSeq: number): ChatConversation {
  return { id: row.id, name: row.name, metadata: row.metadata, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), lastStreamSeq }
}

export function toMessage(row: typeof messages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: (row.content as { text?: string }[]).map((b) => ({ text: b.text ?? '' })),
    createdAt: row.createdAt.toISOString(),
  }
}

/** A stored part as the browser reads it: a row of the table, or one read with its columns named as here. */
export function toStreamPart(row: Omit<ChatStreamPart, 'errors'> & { errors: unknown }): ChatStreamPart {
  return {
    id: row.id,
    seq: row.seq,
    conversationId: row.conversationId,
    associatedUserMessageId: row.associatedUserMessageId,
    contentBlockIndex: row.contentBlockIndex,
    contentBlockDeltaIndex: row.contentBlockDeltaIndex,
    contentBlockDoneAtIndex: row.contentBlockDoneAtIndex,
    contentBlockText: row.contentBlockText,
    stopReason: row.stopReason,
    errors: (row.errors as ChatStreamPart['errors']) ?? null,
  }
}
