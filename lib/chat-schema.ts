import { z } from './zod'

/**
 * The chat's limits, messages and input schema, shared by the chat window and the chat service so the
 * browser and the server apply the same rules.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 2000
export const CHAT_RATE_LIMIT = { limit: 10, windowMs: 60_000 } as const

export const chatMessages = {
  empty: 'Please type a message.',
  tooLong: `Your message is too long: please keep it under ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  rateLimited: (seconds: number) => `You are sending messages too quickly. Please wait ${seconds} seconds and try again.`,
  noConversation: 'No conversation found',
  unauthorized: 'Unauthorized',
  streamFailed: 'Sorry, the assistant could not answer. Please try again.',
  /** An answer whose producer stopped before its end: its process was stopped, killed or crashed. */
  interrupted: 'The answer was interrupted. Please ask again.',
} as const

/** The errorType of a stream error part that ends an interrupted answer. */
export const INTERRUPTED_ERROR_TYPE = 'Interrupted'

/** Realtime connection timings of the browser client. */
export const realtimeTimings = {
  connectionAckTimeoutMs: 15_000,
  subscriptionAckTimeoutMs: 15_000,
  keepAliveMs: 5_000,
  keepAliveMissedMs: 65_000,
  reconnectFirstMs: 5_000,
  reconnectEveryMs: 60_000,
} as const

const contentBlockSchema = z.object({ text: z.string() })

export const sendMessageInputSchema = z.object({
  conversationId: z.string().uuid(chatMessages.noConversation).optional().nullable(),
  content: z
    .array(contentBlockSchema)
    .min(1, chatMessages.empty)
    .superRefine((blocks, ctx) => {
      const text = blocks.map((b) => b.text).join('\n')
      if (!text.trim()) ctx.addIssue({ code: 'custom', message: chatMessages.empty })
      else if (text.length > CHAT_MESSAGE_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: chatMessages.tooLong })
    }),
  aiContext: z.unknown().optional(),
  toolConfiguration: z.unknown().optional(),
})

export type SendMessageInput = z.input<typeof sendMessageInputSchema>

/** id of the first event of every stream subscription: the "subscription started" acknowledgement. */
export const START_ACK_ID = 'start_ack'

/** One stored piece of an assistant answer, as the subscription delivers it. */
export interface ChatStreamPart {
  id: string
  /** Position in the conversation's stream; a resubscribing client passes the last one it saw. */
  seq: number
  conversationId: string
  associatedUserMessageId: string
  contentBlockIndex: number | null
  contentBlockDeltaIndex: number | null
  contentBlockDoneAtIndex: number | null
  contentBlockText: string | null
  stopReason: string | null
  errors: { message: string; errorType: string }[] | null
}

export interface ChatMessage {
  id: string
  conversationId: string
  role: 'user' | 'assistant'
  content: { text: string }[]
  createdAt: string
}

/** The text of a message's content blocks. */
export function messageText(content: { text?: string | null }[]): string {
  return content.map((b) => b.text ?? '').join('')
}
