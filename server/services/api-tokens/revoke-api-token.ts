import { eq } from 'drizzle-orm'
import type { ActorCache } from '../../auth/actor-cache'
import { getAppContext } from '../../context/app-context'
import { apiTokens } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordSecurityEvent, type RequestClient } from '../activity/record-security-event'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'

/** Deletes one of the actor's own tokens. Nobody else's, not even an admin's: a token is its owner's. */
export async function revokeApiToken({ actor, id, client }: { actor: MaybeActor; id: string; /** For the activity log. */ client?: RequestClient }): Promise<{ id: string }> {
  const a = requireSignedIn(actor)
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Token not found')
  const { db, services } = getAppContext()
  const [token] = await db.select({ userId: apiTokens.userId, name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.id, id)).limit(1)
  if (!token) throw new AppError('NOT_FOUND', 'Token not found')
  if (token.userId !== a.userId) throw new AppError('UNAUTHORIZED')
  await db.transaction(async (tx) => {
    await tx.delete(apiTokens).where(eq(apiTokens.id, id))
    await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: 'api-token-revoked', ...client, details: { name: token.name } })
  })
  // Counts in this process at once, before the answer goes back: the database's announcement reaches
  // this process's listener a moment after the commit, and the script's next call could come first.
  // Other processes and instances forget it when they hear the announcement.
  const actorCache = services.actorCache as ActorCache | undefined
  actorCache?.forgetUser(token.userId)
  return { id }
}
