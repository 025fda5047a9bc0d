import { and, eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { apiTokens } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'

export async function revokeApiToken({ actor, id }: { actor: MaybeActor; id: string }): Promise<{ id: string }> {
  const a = requireSignedIn(actor)
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Token not found')
  const { db } = getAppContext()
  const rows = await db.delete(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, a.userId))).returning({ id: apiTokens.id })
  if (!rows.length) throw new AppError('NOT_FOUND', 'Token not found')
  return { id }
}
