import { and, eq } from 'drizzle-orm'
import { TOO_MANY_ATTEMPTS_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../lib/auth-schema'
import type { Actor } from '../../auth/actor'
import { verifyPassword } from '../../auth/password-hash'
import { reservePasswordAttempt, type AttemptOutcome } from '../../auth/reserve-password-attempt'
import { getAppContext } from '../../context/app-context'
import { accounts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { RequestClient } from '../activity/record-security-event'

/**
 * Checks the signed-in person's password before a change of their sign-in settings, inside the same
 * limits as every password check (reserved before it is checked, settled from the answer). A wrong
 * password is a field error of `password`.
 */
export async function confirmAccountPassword({ actor, password, client }: { actor: Actor; password: string; client?: RequestClient }): Promise<void> {
  const reserved = await reservePasswordAttempt({ account: actor.email.toLowerCase(), ip: client?.ip ?? 'unknown', isKnownDevice: async () => true })
  if ('refused' in reserved) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE)
  let outcome: AttemptOutcome = 'unchecked'
  try {
    const { db } = getAppContext()
    const [account] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, actor.userId), eq(accounts.providerId, 'credential')))
      .limit(1)
    outcome = account?.password && (await verifyPassword({ hash: account.password, password })) ? 'right' : 'wrong'
  } catch {
    // Hashing saturated (or the database): nothing was checked.
    throw new AppError('TOO_MANY_REQUESTS', 'The server is busy. Please try again in a few seconds.')
  } finally {
    await reserved.attempt.settle(outcome)
  }
  if (outcome === 'wrong') throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE, { fieldErrors: { password: [WRONG_CURRENT_PASSWORD_MESSAGE] } })
}
