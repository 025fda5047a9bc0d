import { desc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { apiTokens } from '../../db/schema'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import type { ApiTokenInfo } from './create-api-token'

/** The actor's own tokens (never the token values, which are not stored). */
export async function listApiTokens({ actor }: { actor: MaybeActor }): Promise<ApiTokenInfo[]> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, a.userId)).orderBy(desc(apiTokens.createdAt))
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null, expiresAt: r.expiresAt?.toISOString() ?? null }))
}
