import type { ChatMessage, ChatStreamPart } from '../../../lib/chat-schema'
import type { conversations, messages, streamParts } from '../../db/schema'

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

export function toStreamPart(row: typeof streamParts.$inferSelect): ChatStreamPart {
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
