import { and, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { passkeys } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import type { AccountRequest } from './account-security-types'
import { requireBrowserSession } from './require-browser-session'
import { settleFactorChange } from './settle-factor-change'

/**
 * Removes one of the signed-in person's own passkeys. A passkey is a factor: removing it ends every
 * other session (one may have been signed in with it), and the owner is mailed.
 */
export async function removePasskey({ actor, id, client }: { actor: MaybeActor; id: string } & AccountRequest): Promise<{ id: string }> {
  const a = requireBrowserSession(actor)
  const { db } = getAppContext()
  const [key] = await db.select({ userId: passkeys.userId, name: passkeys.name }).from(passkeys).where(eq(passkeys.id, id)).limit(1)
  if (!key) throw new AppError('NOT_FOUND', 'Passkey not found')
  if (key.userId !== a.userId) throw new AppError('UNAUTHORIZED')
  const name = key.name ?? 'Passkey'
  await db.transaction(async (tx) => {
    await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, a.userId)))
    await settleFactorChange(tx, a, {
      action: 'passkey-removed',
      client,
      details: { name },
      subject: 'A passkey was removed from your account',
      happened: `The passkey “${name}” was removed from your account and no longer signs in.`,
    })
  })
  return { id }
}
