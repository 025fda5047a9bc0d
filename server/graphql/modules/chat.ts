import { START_ACK_ID, type ChatStreamPart } from '../../../lib/chat-schema'
import type { Actor } from '../../auth/actor'
import { AppError } from '../../errors/app-error'
import type { GraphqlModule } from './graphql-module'
import { createOrGetConversation } from '../../services/chat/create-or-get-conversation'
import { listMessages } from '../../services/chat/list-messages'
import { sendMessage } from '../../services/chat/send-message'
import { subscribeStreamParts } from '../../services/chat/subscribe-stream-parts'

/**
 * The chat operations: create or get a conversation, list messages paged by
 * nextToken, send a message, and the assistant's stream parts by conversationId (over graphql-ws).
 * JSON fields (metadata, aiContext, toolConfiguration) travel as JSON-encoded strings.
 */
const typeDefs = /* GraphQL */ `
  type ChatConversation {
    id: ID!
    name: String
    metadata: String
    createdAt: String!
    updatedAt: String!
    "Seq of the newest stored stream part (0 for none): subscribe with afterSeq set to it to miss nothing."
    lastStreamSeq: Int!
  }

  type ChatContentBlock {
    text: String
  }

  type ChatMessage {
    id: ID!
    conversationId: ID!
    role: String!
    content: [ChatContentBlock!]!
    createdAt: String!
  }

  type ChatMessagePage {
    items: [ChatMessage!]!
    nextToken: String
  }

  type ChatStreamError {
    message: String!
    errorType: String!
  }

  type ChatStreamPart {
    id: ID!
    seq: Int!
    conversationId: ID!
    associatedUserMessageId: ID!
    contentBlockIndex: Int
    contentBlockDeltaIndex: Int
    contentBlockDoneAtIndex: Int
    contentBlockText: String
    stopReason: String
    errors: [ChatStreamError!]
  }

  input ChatContentBlockInput {
    text: String!
  }

  input SendChatMessageInput {
    conversationId: ID
    content: [ChatContentBlockInput!]!
    aiContext: String
    toolConfiguration: String
  }

  extend type Query {
    chatMessages(conversationId: ID!, limit: Int, nextToken: String): ChatMessagePage!
  }

  extend type Mutation {
    createOrGetChatConversation(id: ID, name: String): ChatConversation!
    sendChatMessage(input: SendChatMessageInput!): ChatMessage!
  }

  type Subscription {
    onChatStreamPart(conversationId: ID!, afterSeq: Int): ChatStreamPart!
  }
`

interface Context {
  actor: Actor | null
}

function parseJson(value: string | null | undefined, field: string): unknown {
  if (value == null) return undefined
  try {
    return JSON.parse(value) as unknown
  } catch {
    throw new AppError('BAD_REQUEST', `${field} must be JSON`)
  }
}

/**
 * graphql-ws has no per-subscription acknowledgement, yet the client must time out a subscription
 * that never starts (after 15 s it subscribes again). The first event is therefore an empty part with id
 * "start_ack", sent once the subscription listens; its seq is the one the client asked to resume after.
 */
async function* withStartAck(conversationId: string, afterSeq: number, parts: AsyncIterableIterator<ChatStreamPart>): AsyncGenerator<ChatStreamPart> {
  try {
    yield {
      id: START_ACK_ID,
      seq: afterSeq,
      conversationId,
      associatedUserMessageId: '',
      contentBlockIndex: null,
      contentBlockDeltaIndex: null,
      contentBlockDoneAtIndex: null,
      contentBlockText: null,
      stopReason: null,
      errors: null,
    }
    yield* parts
  } finally {
    await parts.return?.()
  }
}

const resolvers = {
  ChatConversation: {
    metadata: (c: { metadata: unknown }) => (c.metadata == null ? null : JSON.stringify(c.metadata)),
  },
  Query: {
    chatMessages: (_: unknown, args: { conversationId: string; limit?: number | null; nextToken?: string | null }, ctx: Context) =>
      listMessages({ actor: ctx.actor, conversationId: args.conversationId, limit: args.limit, nextToken: args.nextToken }),
  },
  Mutation: {
    createOrGetChatConversation: (_: unknown, args: { id?: string | null; name?: string | null }, ctx: Context) =>
      createOrGetConversation({ actor: ctx.actor, id: args.id, name: args.name }),
    sendChatMessage: (
      _: unknown,
      { input }: { input: { conversationId?: string | null; content: { text: string }[]; aiContext?: string | null; toolConfiguration?: string | null } },
      ctx: Context,
    ) =>
      sendMessage({
        actor: ctx.actor,
        input: { ...input, aiContext: parseJson(input.aiContext, 'aiContext'), toolConfiguration: parseJson(input.toolConfiguration, 'toolConfiguration') },
      }),
  },
  Subscription: {
    onChatStreamPart: {
      subscribe: async (_: unknown, args: { conversationId: string; afterSeq?: number | null }, ctx: Context) =>
        withStartAck(args.conversationId, args.afterSeq ?? 0, await subscribeStreamParts({ actor: ctx.actor, conversationId: args.conversationId, afterSeq: args.afterSeq })),
      resolve: (part: unknown) => part,
    },
  },
}

export const chatModule: GraphqlModule = { typeDefs, resolvers: resolvers as GraphqlModule['resolvers'] }
