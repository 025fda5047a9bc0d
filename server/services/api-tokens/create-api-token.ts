import { createApiTokenSchema } from '../../../lib/api-token-schema'
import { generateApiToken } from '../../auth/api-token'
import { getAppContext } from '../../context/app-context'
import { apiTokens } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordSecurityEvent, type RequestClient } from '../activity/record-security-event'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'

export interface ApiTokenInfo {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
}

/**
 * A personal API token for scripts (Authorization: Bearer). The token itself is returned only here.
 * It lives 90 days unless `expiresInDays` says otherwise, at most 365 (lib/api-token-schema.ts).
 */
export async function createApiToken({ actor, name, expiresInDays, client }: { actor: MaybeActor; name: string; expiresInDays?: number | null; /** For the activity log. */ client?: RequestClient }): Promise<ApiTokenInfo & { token: string }> {
  const a = requireSignedIn(actor)
  const parsed = createApiTokenSchema.safeParse({ name, expiresInDays })
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'name')] ??= []).push(issue.message)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, { fieldErrors })
  }
  const { token, tokenHash } = generateApiToken()
  const { db } = getAppContext()
  const expiresAt = new Date(Date.now() + parsed.data.expiresInDays * 86_400_000)
  // A token made in a session signed in with a second factor carries what that session proved (an
  // admin's rights need it); one made with another token carries what that token did.
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx.insert(apiTokens).values({ userId: a.userId, name: parsed.data.name, tokenHash, expiresAt, secondFactor: a.secondFactor === true }).returning()
    await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: 'api-token-created', ...client, details: { name: parsed.data.name } })
    return rows
  })
  return { id: row!.id, name: row!.name, createdAt: row!.createdAt.toISOString(), lastUsedAt: null, expiresAt: expiresAt.toISOString(), token }
}
