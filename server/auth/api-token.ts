import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, or } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'
import { apiTokens } from '../db/schema'

const PREFIX = 'mwk_'

/** A new random token (shown once) and the hash that is stored. */
export function generateApiToken(): { token: string; tokenHash: string } {
  const token = PREFIX + randomBytes(32).toString('base64url')
  return { token, tokenHash: hashApiToken(token) }
}

function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The user a bearer token belongs to and when it ends, or null (unknown, revoked or expired). */
export async function resolveApiToken(token: string): Promise<{ userId: string; expiresAt: Date | null; secondFactor: boolean } | null> {
  if (!token.startsWith(PREFIX) || token.length > 200) return null
  const { db } = getAppContext()
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.userId, lastUsedAt: apiTokens.lastUsedAt, expiresAt: apiTokens.expiresAt, secondFactor: apiTokens.secondFactor })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashApiToken(token)), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, new Date()))))
    .limit(1)
  if (!row) return null
  // Record use at most once a minute: a write per request would dominate a busy script's cost.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id)).catch(() => {})
  }
  return { userId: row.userId, expiresAt: row.expiresAt, secondFactor: row.secondFactor }
}
