import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { uuidId, moment, createdAt, updatedAt, ownerColumn } from './columns'
import { userColumn } from './user-column'

export const conversations = pgTable(
  'conversation',
  {
    id: uuidId(),
    name: text('name'),
    metadata: jsonb('metadata'),
    owner: userColumn('owner', 'cascade').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('conversation_owner_idx').on(t.owner)],
)

/** content: a list of blocks ({text} | {image} | {document} | {toolUse} | {toolResult}). */
export const messages = pgTable(
  'message',
  {
    id: uuidId(),
    conversationId: ownerColumn('conversation_id', () => conversations.id),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: jsonb('content').notNull(),
    aiContext: jsonb('ai_context'),
    toolConfiguration: jsonb('tool_configuration'),
    owner: text('owner').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('message_conversation_created_idx').on(t.conversationId, t.createdAt)],
)

/** Stream parts of an assistant answer, kept so a subscriber that reconnects can resume from `seq`. */
export const streamParts = pgTable(
  'stream_part',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().defaultRandom().unique(),
    conversationId: ownerColumn('conversation_id', () => conversations.id),
    associatedUserMessageId: uuid('associated_user_message_id').notNull(),
    contentBlockIndex: integer('content_block_index'),
    contentBlockDeltaIndex: integer('content_block_delta_index'),
    contentBlockDoneAtIndex: integer('content_block_done_at_index'),
    contentBlockText: text('content_block_text'),
    contentBlockToolUse: jsonb('content_block_tool_use'),
    stopReason: text('stop_reason'),
    /** [{ message, errorType }] */
    errors: jsonb('errors'),
    createdAt: createdAt(),
  },
  (t) => [index('stream_part_conversation_seq_idx').on(t.conversationId, t.seq)],
)

/**
 * An answer being produced, and the process producing it. The producer renews its lease every second;
 * a lease left to expire (the producer was killed, crashed or lost the database) lets any process end
 * the answer for it. The row goes in the transaction that stores the answer's last part.
 */
export const chatAnswers = pgTable(
  'chat_answer',
  {
    userMessageId: uuid('user_message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: ownerColumn('conversation_id', () => conversations.id),
    /** The producing process (host, pid and a random part of its own): only it renews or ends the answer. */
    producer: text('producer').notNull(),
    leaseUntil: moment('lease_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_answer_lease_until_idx').on(t.leaseUntil)],
)
