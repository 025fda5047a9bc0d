import { and, eq, ne, or, isNull } from 'drizzle-orm'
import { TWO_FACTOR_NOT_ON_MESSAGE, twoFactorDisableSchema, WRONG_SECOND_FACTOR_MESSAGE } from '../../../lib/account-security-schema'
import { getAppContext } from '../../context/app-context'
import { recoveryCodes, sessions, twoFactors, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { AccountRequest } from './account-security-types'
import { confirmAccountPassword } from './confirm-account-password'
import { confirmSecondFactor } from './confirm-second-factor'
import { requireBrowserSession } from './require-browser-session'
import { settleFactorChange } from './settle-factor-change'

/** What the owner is mailed. */
const notice = { subject: 'Two-factor sign-in was turned off', happened: 'Two-factor sign-in was turned off for your account: signing in now asks for the password alone.' }

/**
 * Turning two-factor sign-in off needs the password and a current code (or a recovery code), each
 * within its limits. In one transaction: the secret and the recovery codes are deleted, every other
 * session ends, the account's API tokens are revoked (a database trigger), and this session no longer
 * counts as signed in with a second factor (unless a passkey signed it in). The owner is mailed.
 */
export async function disableTwoFactor({ actor, password, code, client }: { actor: MaybeActor; password: string; code: string } & AccountRequest): Promise<{ twoFactorEnabled: false }> {
  const a = requireBrowserSession(actor)
  const input = parseInput(twoFactorDisableSchema, { password, code })
  const ctx = getAppContext()
  const [user] = await ctx.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, a.userId)).limit(1)
  if (!user?.enabled) throw new AppError('CONFLICT', TWO_FACTOR_NOT_ON_MESSAGE)
  await confirmAccountPassword({ actor: a, password: input.password, client })
  await confirmSecondFactor({ actor: a, code: input.code, client, wrongMessage: WRONG_SECOND_FACTOR_MESSAGE })
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, a.userId))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, a.userId))
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, a.userId))
    await tx
      .update(sessions)
      .set({ secondFactor: null })
      .where(and(eq(sessions.id, a.sessionId), or(isNull(sessions.secondFactor), ne(sessions.secondFactor, 'passkey'))))
    await settleFactorChange(tx, a, { action: 'two-factor-disabled', client, ...notice })
  })
  return { twoFactorEnabled: false }
}
