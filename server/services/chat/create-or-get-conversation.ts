import { desc, eq, max } from 'drizzle-orm'
import { getAppContext } from '../../context'
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

async function lastStreamSeq(conversationId: string): Promise<number> {
  const [row] = await getAppContext().db.select({ seq: max(streamParts.seq) }).from(streamParts).where(eq(streamParts.conversationId, conversationId))
  return Number(row?.seq ?? 0)
}
