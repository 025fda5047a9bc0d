import { createClient, type Client } from 'graphql-ws/client'
import { ApiError, graphqlRequest } from '../../../lib/api-client'
import { realtimeTimings, type ChatMessage, type ChatStreamPart } from '../../../lib/chat-schema'

const UNAVAILABLE_MESSAGE = 'The assistant is not available right now. Please try again.'

/**
 * The chat's GraphQL calls over POST /graphql (the stream goes over graphql-ws): reads are retried
 * with the product's fetch defaults, sends are not. An answer the server decided (not signed in, not
 * your conversation, too many messages) keeps its own words; a server that cannot be reached or did
 * not answer reads as the assistant being unavailable.
 */
async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  try {
    return await graphqlRequest<T>(query, variables)
  } catch (error) {
    if (error instanceof ApiError && error.errors.length > 0) throw new Error(error.message)
    throw new Error(UNAVAILABLE_MESSAGE)
  }
}

export interface ConversationInfo {
  id: string
  lastStreamSeq: number
}

export async function createOrGetConversation(): Promise<ConversationInfo> {
  const data = await graphql<{ createOrGetChatConversation: ConversationInfo }>('mutation { createOrGetChatConversation { id lastStreamSeq } }', {})
  return data.createOrGetChatConversation
}

/** Every message of the conversation, following nextToken page by page. */
export async function listAllMessages(conversationId: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = []
  let nextToken: string | null = null
  do {
    const data: { chatMessages: { items: ChatMessage[]; nextToken: string | null } } = await graphql(
      'query ($conversationId: ID!, $nextToken: String) { chatMessages(conversationId: $conversationId, nextToken: $nextToken) { items { id conversationId role content { text } createdAt } nextToken } }',
      { conversationId, nextToken },
    )
    all.push(...data.chatMessages.items)
    nextToken = data.chatMessages.nextToken
  } while (nextToken)
  return all
}

export async function sendChatMessage(conversationId: string, text: string, aiContext: Record<string, unknown>): Promise<ChatMessage> {
  const data = await graphql<{ sendChatMessage: ChatMessage }>(
    'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id conversationId role content { text } createdAt } }',
    { input: { conversationId, content: [{ text }], aiContext: JSON.stringify(aiContext) } },
  )
  return data.sendChatMessage
}

export const STREAM_SUBSCRIPTION =
  'subscription ($conversationId: ID!, $afterSeq: Int) { onChatStreamPart(conversationId: $conversationId, afterSeq: $afterSeq) { id seq conversationId associatedUserMessageId contentBlockIndex contentBlockDeltaIndex contentBlockDoneAtIndex contentBlockText stopReason errors { message errorType } } }'

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting'

export interface RealtimeClient {
  client: Client
  dispose(): void
}

/**
 * A graphql-ws client with the product's realtime timings: acknowledgement within 15 s,
 * a ping every 5 s and the socket dropped when no pong came back within 65 s, reconnecting after
 * 5 s and then every 60 s for as long as the window is open.
 */
export function createRealtimeClient(onState: (state: ConnectionState) => void): RealtimeClient {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`
  let socket: WebSocket | undefined
  let pongTimer: ReturnType<typeof setTimeout> | undefined
  let disposed = false
  const client = createClient({
    url,
    lazy: true,
    connectionAckWaitTimeout: realtimeTimings.connectionAckTimeoutMs,
    keepAlive: realtimeTimings.keepAliveMs,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retries === 0 ? realtimeTimings.reconnectFirstMs : realtimeTimings.reconnectEveryMs)),
    on: {
      connecting: (isRetry) => onState(isRetry ? 'reconnecting' : 'connecting'),
      connected: (s) => {
        socket = s as WebSocket
        onState('connected')
      },
      closed: () => {
        clearTimeout(pongTimer)
        if (!disposed) onState('reconnecting')
      },
      ping: (received) => {
        if (received) return
        clearTimeout(pongTimer)
        pongTimer = setTimeout(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.close(4408, 'Keep-alive missed')
        }, realtimeTimings.keepAliveMissedMs)
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer)
      },
    },
  })
  return {
    client,
    dispose() {
      disposed = true
      clearTimeout(pongTimer)
      void client.dispose()
    },
  }
}

export type { ChatStreamPart }
