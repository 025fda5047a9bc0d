import { eq } from 'drizzle-orm'
import { getAppContext } from '../context'
import { users } from '../db/schema'
import { isAdminGroups, type Actor } from './actor'
import { resolveApiToken } from './api-token'
import type { Auth } from './create-auth'

/**
 * Turns a request into the acting user: the session cookie of better-auth, or, for scripts,
 * `Authorization: Bearer <api token>`. Null for a guest. Groups are read fresh from the database,
 * so a grant or revoke takes effect on the next request.
 */
export async function resolveActor(request: Request | { headers: Headers }): Promise<Actor | null> {
  const ctx = getAppContext()
  const headers = request.headers
  const authorization = headers.get('authorization')
  let userId: string | null = null
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    userId = await resolveApiToken(authorization.slice(7).trim())
    if (!userId) return null
  } else {
    const auth = ctx.services.auth as Auth | undefined
    if (!auth || !headers.get('cookie')) return null
    const session = await auth.api.getSession({ headers }).catch(() => null)
    if (!session) return null
    // The session read the user row already (groups included, see create-auth.ts).
    const { id, email, emailVerified, groups } = session.user as { id: string; email: string; emailVerified: boolean; groups?: string[] | null }
    if (!emailVerified) return null
    return { userId: id, email, groups: groups ?? [], isAdmin: isAdminGroups(groups) }
  }
  const [user] = await ctx.db.select({ id: users.id, email: users.email, groups: users.groups, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1)
  if (!user || !user.emailVerified) return null
  return { userId: user.id, email: user.email, groups: user.groups, isAdmin: isAdminGroups(user.groups) }
}
