import { createClient, type Client } from 'graphql-ws/client'
import { realtimeTimings, type ChatMessage, type ChatStreamPart } from '../../../lib/chat-schema'

/** The chat's GraphQL calls: queries and mutations over POST /graphql, the stream over graphql-ws. */
async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: { message: string }[] } | null
  if (body?.errors?.length) throw new Error(body.errors[0]!.message)
  if (!response.ok || !body?.data) throw new Error('The assistant is not available right now. Please try again.')
  return body.data
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
 * A graphql-ws client with the timings of SPEC.md sections 8 and 9: acknowledgement within 15 s,
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
