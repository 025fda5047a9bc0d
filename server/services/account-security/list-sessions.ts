import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { describeUserAgent } from '../../../lib/user-agent'
import { getAppContext } from '../../context/app-context'
import { sessions } from '../../db/schema'
import { describePlace } from '../../geo/describe-place'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import type { SessionInfo } from '../../../lib/account-security-types'

/**
 * "Where you're signed in": the signed-in person's own sessions that have not ended, this one first,
 * each with its browser and system, an approximate place from its address, how it was signed in, and
 * when it was first and last used. Never a session's token.
 */
export async function listSessions({ actor }: { actor: MaybeActor }): Promise<SessionInfo[]> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, a.userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`))
  return rows
    .map((s): SessionInfo => {
      const client = s.userAgent ? describeUserAgent(s.userAgent) : null
      return {
        id: s.id,
        current: s.id === a.sessionId,
        browser: client?.browser ?? 'Unknown',
        system: client?.os ?? 'Unknown',
        place: describePlace(s.ipAddress),
        ipAddress: s.ipAddress || null,
        signInMethod: s.secondFactor ?? 'password',
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: (s.lastUsedAt ?? s.createdAt).toISOString(),
      }
    })
    .sort((x, y) => Number(y.current) - Number(x.current))
}
