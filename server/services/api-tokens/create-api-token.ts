import { generateApiToken } from '../../auth/api-token'
import { getAppContext } from '../../context'
import { apiTokens } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'

export interface ApiTokenInfo {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
}

/** A personal API token for scripts (Authorization: Bearer). The token itself is returned only here. */
export async function createApiToken({ actor, name, expiresInDays }: { actor: MaybeActor; name: string; expiresInDays?: number | null }): Promise<ApiTokenInfo & { token: string }> {
  const a = requireSignedIn(actor)
  const label = name.trim()
  if (!label || label.length > 100) throw new AppError('BAD_REQUEST', 'Please name the token (at most 100 characters)')
  if (expiresInDays !== undefined && expiresInDays !== null && (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > 3650)) {
    throw new AppError('BAD_REQUEST', 'expiresInDays must be 1 to 3650')
  }
  const { token, tokenHash } = generateApiToken()
  const { db } = getAppContext()
  const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : null
  const [row] = await db.insert(apiTokens).values({ userId: a.userId, name: label, tokenHash, expiresAt }).returning()
  return { id: row!.id, name: row!.name, createdAt: row!.createdAt.toISOString(), lastUsedAt: null, expiresAt: expiresAt?.toISOString() ?? null, token }
}
