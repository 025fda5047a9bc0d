import { and, asc, eq, gt } from 'drizzle-orm'
import type { ChatStreamPart } from '../../../lib/chat-schema'
import { getAppContext } from '../../context/app-context'
import { streamParts } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { toStreamPart } from './chat-types'
import { requireOwnConversation } from './require-own-conversation'

/** Stored parts of the conversation's answers after `afterSeq` (all of them without it), in order. */
export async function listStreamParts({ actor, conversationId, afterSeq }: { actor: MaybeActor; conversationId: string; afterSeq?: number | null }): Promise<ChatStreamPart[]> {
  await requireOwnConversation(actor, conversationId)
  return readStreamParts(conversationId, afterSeq ?? 0)
}

export async function readStreamParts(conversationId: string, afterSeq: number): Promise<ChatStreamPart[]> {
  const rows = await getAppContext()
    .db.select()
    .from(streamParts)
    .where(and(eq(streamParts.conversationId, conversationId), gt(streamParts.seq, afterSeq)))
    .orderBy(asc(streamParts.seq))
  return rows.map(toStreamPart)
}
