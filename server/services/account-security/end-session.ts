import { and, eq } from 'drizzle-orm'
import type { ActorCache } from '../../auth/actor-cache'
import { getAppContext } from '../../context/app-context'
import { sessions } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordSecurityEvent } from '../activity/record-security-event'
import type { MaybeActor } from '../shared/authorize'
import type { AccountRequest } from './account-security-types'
import { requireBrowserSession } from './require-browser-session'

/**
 * Ends one of the signed-in person's own sessions (another browser, or this one): that browser is
 * signed out at its next request, in every process at once. Nobody ends anyone else's session, not
 * even an admin.
 */
export async function endSession({ actor, id, client }: { actor: MaybeActor; id: string } & AccountRequest): Promise<{ id: string }> {
  const a = requireBrowserSession(actor)
  const { db, services } = getAppContext()
  const [session] = await db.select({ userId: sessions.userId, userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.id, id)).limit(1)
  if (!session) throw new AppError('NOT_FOUND', 'Session not found')
  if (session.userId !== a.userId) throw new AppError('UNAUTHORIZED')
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.userId, a.userId)))
    await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: 'session-ended', ...client, details: { sessionId: id, current: id === a.sessionId } })
  })
  // This process forgets the session at once (the others when the database announces it).
  ;(services.actorCache as ActorCache | undefined)?.forgetUser(a.userId)
  return { id }
}
