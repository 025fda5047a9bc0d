import { desc, eq, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { conversations, streamParts } from '../../db/schema'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { toConversation, type ChatConversation } from './chat-types'
import { requireOwnConversation } from './require-own-conversation'

export interface CreateOrGetConversationOptions {
  actor: MaybeActor
  /** A conversation to reopen; without it, the actor's latest conversation (or a new one). */
  id?: string | null
  name?: string | null
}

export async function createOrGetConversation({ actor, id, name }: CreateOrGetConversationOptions): Promise<ChatConversation> {
  const a = requireSignedIn(actor)
  if (id) {
    const { conversation } = await requireOwnConversation(a, id)
    return toConversation(conversation, await lastStreamSeq(conversation.id))
  }
  const { db } = getAppContext()
  const [latest] = await db.select().from(conversations).where(eq(conversations.owner, a.userId)).orderBy(desc(conversations.updatedAt)).limit(1)
  if (latest) return toConversation(latest, await lastStreamSeq(latest.id))
  const [created] = await db
    .insert(conversations)
    .values({ owner: a.userId, name: name?.slice(0, 200) ?? 'Assistant', metadata: {} })
    .returning()
  return toConversation(created!, 0)
}

/**
 * Where a client that has just loaded the history should start listening: after the last part, or,
 * when an answer newer than the last finished one has no stop reason, just before that answer's first
 * part. Such an answer is still being produced (a reload mid-answer shows it whole), or it ended with
 * an error, an interruption included (the page shows what came and the error with Retry, so a question
 * whose answer was cut off is never shown as if nobody had heard it). An answer with no end at all
 * older than ten minutes was cut off before answers had leases, and is ignored.
 */
async function lastStreamSeq(conversationId: string): Promise<number> {
  const result = await getAppContext().db.execute<{ seq: string | null }>(sql`
    SELECT coalesce(
      (SELECT min(p.seq) - 1 FROM ${streamParts} p
        WHERE p.conversation_id = ${conversationId}
          AND p.seq > coalesce((SELECT max(f.seq) FROM ${streamParts} f WHERE f.conversation_id = ${conversationId} AND f.stop_reason IS NOT NULL), 0)
          AND NOT EXISTS (SELECT 1 FROM ${streamParts} t WHERE t.conversation_id = p.conversation_id AND t.associated_user_message_id = p.associated_user_message_id AND t.stop_reason IS NOT NULL)
          AND (p.created_at > now() - interval '10 minutes'
            OR EXISTS (SELECT 1 FROM ${streamParts} e WHERE e.conversation_id = p.conversation_id AND e.associated_user_message_id = p.associated_user_message_id AND e.errors IS NOT NULL))),
      (SELECT max(seq) FROM ${streamParts} WHERE conversation_id = ${conversationId}),
      0) AS seq`)
  return Number(result.rows[0]?.seq ?? 0)
}
