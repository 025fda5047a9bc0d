import { eq } from 'drizzle-orm'
import { isAdminGroups } from '../../auth/actor'
import { getAppContext } from '../../context/app-context'
import { users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { requireAdmin, type MaybeActor } from '../shared/authorize'

export const VIEW_AS_CLIENTS_ONLY = 'Choose a client to view the portal as.'

/**
 * An admin starts viewing the portal as a client would see it (read-only), from a browser session
 * (never with an API token). Recorded in the audit trail: who looked, as whom, when.
 */
export async function startViewingAs({ actor: maybeActor, userId }: { actor: MaybeActor; userId: string }): Promise<{ userId: string; sessionId: string }> {
  const actor = requireAdmin(maybeActor)
  if (!actor.sessionId) throw new AppError('UNAUTHORIZED')
  const { db } = getAppContext()
  const [client] = await db.select({ id: users.id, email: users.email, groups: users.groups }).from(users).where(eq(users.id, userId)).limit(1)
  if (!client) throw new AppError('NOT_FOUND', 'User not found')
  if (isAdminGroups(client.groups) || client.id === actor.userId) throw new AppError('BAD_REQUEST', VIEW_AS_CLIENTS_ONLY)
  await recordAudit(db, { actor, subjectUserId: client.id, action: 'view-as', details: { email: client.email } })
  return { userId: client.id, sessionId: actor.sessionId }
}
