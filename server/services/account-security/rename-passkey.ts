import { and, eq } from 'drizzle-orm'
import { passkeyNameSchema } from '../../../lib/account-security-schema'
import { getAppContext } from '../../context/app-context'
import { passkeys } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordSecurityEvent } from '../activity/record-security-event'
import type { MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { PasskeyInfo } from '../../../lib/account-security-types'
import type { AccountRequest } from './account-security-types'
import { requireBrowserSession } from './require-browser-session'

/** Names one of the signed-in person's own passkeys. */
export async function renamePasskey({ actor, id, name, client }: { actor: MaybeActor; id: string; name: string } & AccountRequest): Promise<PasskeyInfo> {
  const a = requireBrowserSession(actor)
  const newName = parseInput(passkeyNameSchema, name)
  const { db } = getAppContext()
  const [key] = await db.select({ userId: passkeys.userId, name: passkeys.name }).from(passkeys).where(eq(passkeys.id, id)).limit(1)
  if (!key) throw new AppError('NOT_FOUND', 'Passkey not found')
  if (key.userId !== a.userId) throw new AppError('UNAUTHORIZED')
  return db.transaction(async (tx) => {
    const [row] = await tx.update(passkeys).set({ name: newName }).where(and(eq(passkeys.id, id), eq(passkeys.userId, a.userId))).returning()
    await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: 'passkey-renamed', ...client, details: { from: key.name, to: newName } })
    return { id: row!.id, name: row!.name ?? newName, createdAt: row!.createdAt?.toISOString() ?? null, lastUsedAt: row!.lastUsedAt?.toISOString() ?? null }
  })
}
