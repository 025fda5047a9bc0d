import { and, asc, eq, gt, or } from 'drizzle-orm'
import type { ChatMessage } from '../../../lib/chat-schema'
import { getAppContext } from '../../context/app-context'
import { messages } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { toMessage } from './chat-types'
import { requireOwnConversation } from './require-own-conversation'

export interface ListMessagesOptions {
  actor: MaybeActor
  conversationId: string
  limit?: number | null
  nextToken?: string | null
}

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 100

/** The conversation's messages oldest first, a page at a time; nextToken is null on the last page. */
export async function listMessages({ actor, conversationId, limit, nextToken }: ListMessagesOptions): Promise<{ items: ChatMessage[]; nextToken: string | null }> {
  await requireOwnConversation(actor, conversationId)
  const size = Math.min(MAX_LIMIT, Math.max(1, limit ?? DEFAULT_LIMIT))
  const after = nextToken ? decodeToken(nextToken) : undefined
  const rows = await getAppContext()
    .db.select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        after ? or(gt(messages.createdAt, after.createdAt), and(eq(messages.createdAt, after.createdAt), gt(messages.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(size + 1)
  const page = rows.slice(0, size)
  const last = page.at(-1)
  return { items: page.map(toMessage), nextToken: rows.length > size && last ? encodeToken(last.createdAt, last.id) : null }
}

function encodeToken(createdAt: Date, id: string) {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url')
}

function decodeToken(token: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(token, 'base64url').toString()) as [string, string]
    const createdAt = new Date(at)
    if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !isUuid(id)) throw new Error('bad token')
    return { createdAt, id }
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid nextToken')
  }
}
