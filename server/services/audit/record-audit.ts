import type { Actor } from '../../auth/actor'
import type { Database } from '../../db/open-database'
import { auditLog } from '../../db/schema'

export interface RecordAuditOptions {
  actor: Actor
  /** The client whose data changed. */
  subjectUserId: string | null
  /** verb-noun of the service, e.g. 'update-profile'. */
  action: string
  details?: Record<string, unknown>
}

/**
 * Records an admin acting on someone else's data (who, for whom, what, when). Actions on one's own data
 * are not audited. Pass the transaction of the change so both commit together.
 */
export async function recordAudit(db: Pick<Database, 'insert'>, { actor, subjectUserId, action, details }: RecordAuditOptions) {
  if (!actor.isAdmin || subjectUserId === actor.userId) return
  await db.insert(auditLog).values({ actorId: actor.userId, subjectUserId, action, details: details ?? null })
}
