import { and, eq, ne } from 'drizzle-orm'
import type { ActorCache } from '../../auth/actor-cache'
import { getAppContext } from '../../context/app-context'
import type { Database } from '../../db/open-database'
import { sessions } from '../../db/schema'

/**
 * Deletes every session of the user but `keepSessionId` (in the transaction given), and forgets the
 * user's resolved sessions in this process at once; other processes and instances forget them when
 * the database announces the deletion. Returns how many ended.
 */
export async function endOtherSessionsOf(tx: Pick<Database, 'delete'>, userId: string, keepSessionId: string | null): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id })
  ;(getAppContext().services.actorCache as ActorCache | undefined)?.forgetUser(userId)
  return ended.length
}
