import { createHash } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'
import { companyMembers, sessions, users } from '../db/schema'
import { loadMembership } from '../services/companies/load-membership'
import { actorOf, type Actor } from './actor'
import type { ActorCache, Resolved } from './actor-cache'
import { resolveApiToken } from './api-token'
import { readViewAs } from './view-as'
import type { Auth } from './create-auth'

/** better-auth's session cookie (with the `__Secure-` prefix under https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?mwk\.session_token=([^;]+)/

/** The ActorCache key of a request's session cookie, or null without one. */
export function sessionCacheKey(headers: Headers): string | null {
  const value = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1]
  return value ? `session:${value}` : null
}

/**
 * Turns a request into the acting user: the session cookie of better-auth, or, for scripts,
 * `Authorization: Bearer <api token>`. Null for a guest. The answer is remembered for a few seconds
 * (ActorCache), and forgotten the moment the database announces a change to that user, their
 * sessions or their tokens, so a grant, a revoke or a sign-out takes effect on the next request.
 */
export async function resolveActor(request: Request | { headers: Headers }): Promise<Actor | null> {
  const ctx = getAppContext()
  const cache = ctx.services.actorCache as ActorCache | undefined
  const headers = request.headers
  const authorization = headers.get('authorization')
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    const token = authorization.slice(7).trim()
    const key = `bearer:${createHash('sha256').update(token).digest('base64url')}`
    const ask = () => actorOfToken(token)
    return cache ? cache.resolve(key, ask) : ask().then((found) => found?.actor ?? null)
  }
  const auth = ctx.services.auth as Auth | undefined
  const key = auth ? sessionCacheKey(headers) : null
  if (!key) return null
  const ask = () => actorOfSession(auth!, headers)
  const actor = cache ? cache.resolve(key, ask) : ask().then((found) => found?.actor ?? null)
  const viewAs = readViewAs(headers.get('cookie'), ctx.services.authSecret as string)
  return viewAs ? actorViewedAs(await actor, viewAs) : actor
}

/**
 * The client an admin's session views the portal as (view-as.ts): that client's own actor, with
 * nothing of the admin's rights, not remembered (it is read again on every request, so stopping or
 * the client's removal counts at once). A cookie that does not belong to this admin session changes nothing.
 */
async function actorViewedAs(admin: Actor | null, viewAs: { clientId: string; sessionId: string }): Promise<Actor | null> {
  if (!admin?.isAdmin || admin.sessionId !== viewAs.sessionId) return admin
  const { db } = getAppContext()
  const [client] = await db.select({ id: users.id, email: users.email, groups: users.groups }).from(users).where(eq(users.id, viewAs.clientId)).limit(1)
  if (!client) return admin
  const membership = await loadMembership(client.id)
  const actor = actorOf({ ...client, groups: [] }, membership && { companyId: membership.companyId, role: membership.companyRole }, { sessionId: admin.sessionId, secondFactor: false })
  return { ...actor, viewingAs: { adminId: admin.userId, adminEmail: admin.email } }
}

/** The owner of an API token, read from the database, and when the token ends. */
async function actorOfToken(token: string): Promise<Resolved | null> {
  const { db } = getAppContext()
  const resolved = await resolveApiToken(token)
  if (!resolved) return null
  const [user] = await db
    .select({ id: users.id, email: users.email, groups: users.groups, emailVerified: users.emailVerified, companyId: companyMembers.companyId, role: companyMembers.role })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(eq(users.id, resolved.userId))
    .limit(1)
  if (!user || !user.emailVerified) return null
  const membership = user.companyId && user.role ? { companyId: user.companyId, role: user.role } : null
  return { actor: actorOf(user, membership, { secondFactor: resolved.secondFactor }), endsAt: resolved.expiresAt }
}

/** How often a session's last use is written: about once a minute while it is used. */
const LAST_USE_EVERY_MS = 60_000

/** The user of a session cookie, read through better-auth, and when the session ends. */
async function actorOfSession(auth: Auth, headers: Headers): Promise<Resolved | null> {
  const session = await auth.api.getSession({ headers }).catch(() => null)
  if (!session) return null
  // The session read the user row already (groups included, see create-auth.ts).
  const { id, email, emailVerified, groups, twoFactorEnabled } = session.user as { id: string; email: string; emailVerified: boolean; groups?: string[] | null; twoFactorEnabled?: boolean | null }
  if (!emailVerified) return null
  const { secondFactor, lastUsedAt } = session.session as { secondFactor?: string | null; lastUsedAt?: Date | string | null }
  // With two-factor sign-in on, only a session that proved the second factor stands for the account,
  // whichever way it was made.
  if (twoFactorEnabled && !secondFactor) return null
  if (!lastUsedAt || Date.now() - new Date(lastUsedAt).getTime() > LAST_USE_EVERY_MS) await noteSessionUse(session.session.id)
  const membership = await loadMembership(id)
  return { actor: actorOf({ id, email, groups }, membership && { companyId: membership.companyId, role: membership.companyRole }, { sessionId: session.session.id, secondFactor: Boolean(secondFactor) }), endsAt: session.session.expiresAt }
}

/** Records that a session was used now ("Where you're signed in" shows it), unless another request just did. */
async function noteSessionUse(sessionId: string) {
  const { db, log } = getAppContext()
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastUsedAt), lt(sessions.lastUsedAt, sql`now() - interval '1 minute'`))))
    .catch((error: unknown) => log.warn({ err: error }, 'could not record when a session was last used'))
}
