import { and, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { passkeys } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { mailSecurityNotice } from '../activity/mail-security-notice'
import { recordSecurityEvent } from '../activity/record-security-event'
import type { MaybeActor } from '../shared/authorize'
import type { AccountRequest } from './account-security-types'
import { endOtherSessionsOf } from './end-other-sessions-of'
import { requireBrowserSession } from './require-browser-session'

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
    await endOtherSessionsOf(tx, a.userId, a.sessionId)
    await recordSecurityEvent(tx, { userId: a.userId, email: a.email, action: 'passkey-removed', ...client, details: { name } })
    await mailSecurityNotice(tx, { to: a.email, subject: 'A passkey was removed from your account', lines: [`The passkey “${name}” was removed from your account and no longer signs in.`, 'Every other session was signed out.'] })
  })
  return { id }
}
