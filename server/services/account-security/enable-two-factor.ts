import { and, eq, isNull } from 'drizzle-orm'
import { SETUP_NOT_STARTED_MESSAGE, TWO_FACTOR_ALREADY_ON_MESSAGE, twoFactorConfirmSchema, WRONG_SETUP_CODE_MESSAGE } from '../../../lib/account-security-schema'
import { hashRecoveryCode, newRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '../../auth/factor-keys'
import { factorKeysOf } from '../../auth/factor-keys-of'
import { getAppContext } from '../../context/app-context'
import { recoveryCodes, sessions, twoFactors, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { AccountRequest } from './account-security-types'
import { confirmSecondFactor } from './confirm-second-factor'
import { requireBrowserSession } from './require-browser-session'
import { settleFactorChange } from './settle-factor-change'

/** What the owner is mailed. */
const notice = { subject: 'Two-factor sign-in was turned on', happened: 'Two-factor sign-in was turned on for your account: signing in now asks for a code from your authenticator app after the password.' }

/**
 * Step two: the app's first code proves it holds the secret, and two-factor sign-in takes effect. In
 * one transaction: the secret is confirmed, ten recovery codes are made (returned once, stored only as
 * keyed hashes), this session counts as signed in with the second factor, every other session ends,
 * and the account's API tokens are revoked (a database trigger). The owner is mailed.
 */
export async function enableTwoFactor({ actor, code, client }: { actor: MaybeActor; code: string } & AccountRequest): Promise<{ recoveryCodes: string[] }> {
  const a = requireBrowserSession(actor)
  const input = parseInput(twoFactorConfirmSchema, { code })
  const ctx = getAppContext()
  const [state] = await ctx.db
    .select({ enabled: users.twoFactorEnabled, pending: twoFactors.userId, confirmedAt: twoFactors.confirmedAt })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, a.userId))
    .limit(1)
  if (state?.enabled) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE)
  if (!state?.pending || state.confirmedAt) throw new AppError('BAD_REQUEST', SETUP_NOT_STARTED_MESSAGE)
  await confirmSecondFactor({ actor: a, code: input.code, client, pending: true, allowRecoveryCode: false, wrongMessage: WRONG_SETUP_CODE_MESSAGE })
  const keys = factorKeysOf(ctx)
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(twoFactors)
      .set({ confirmedAt: new Date() })
      .where(and(eq(twoFactors.userId, a.userId), isNull(twoFactors.confirmedAt)))
      .returning({ userId: twoFactors.userId })
    if (!confirmed.length) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE)
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, a.userId))
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: a.userId, codeHash: hashRecoveryCode(keys, normaliseRecoveryCode(c)!) })))
    await tx.update(users).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(users.id, a.userId))
    await tx.update(sessions).set({ secondFactor: 'totp' }).where(eq(sessions.id, a.sessionId))
    await settleFactorChange(tx, a, { action: 'two-factor-enabled', client, ...notice })
  })
  return { recoveryCodes: codes }
}
