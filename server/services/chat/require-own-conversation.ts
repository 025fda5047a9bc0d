import { eq } from 'drizzle-orm'
import { chatMessages } from '../../../lib/chat-schema'
import { getAppContext } from '../../context/app-context'
import { conversations } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'

/** Loads a conversation for its owner: "No conversation found" when missing, "Unauthorized" for anyone else. */
export async function requireOwnConversation(actor: MaybeActor, conversationId: string | null | undefined) {
  const a = requireSignedIn(actor)
  if (!conversationId || !isUuid(conversationId)) throw new AppError('NOT_FOUND', chatMessages.noConversation)
  const [row] = await getAppContext().db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', chatMessages.noConversation)
  // Conversations are private to their owner: nobody else reads them, admins included.
  if (row.owner !== a.userId) throw new AppError('UNAUTHORIZED', chatMessages.unauthorized)
  return { actor: a, conversation: row }
}
