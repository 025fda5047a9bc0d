import { eq } from 'drizzle-orm'
import { recoveryCodesSchema, TWO_FACTOR_NOT_ON_MESSAGE } from '../../../lib/account-security-schema'
import { hashRecoveryCode, newRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '../../auth/factor-keys'
import { factorKeysOf } from '../../auth/factor-keys-of'
import { getAppContext } from '../../context/app-context'
import { recoveryCodes, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { AccountRequest } from './account-security-types'
import { confirmAccountPassword } from './confirm-account-password'
import { requireBrowserSession } from './require-browser-session'
import { settleFactorChange } from './settle-factor-change'

/** What the owner is mailed. */
const notice = { subject: 'New recovery codes were made', happened: 'New recovery codes were made for your account; the earlier ones no longer work.' }

/**
 * Ten new recovery codes after the password; every earlier code stops working in the same transaction,
 * and every other session ends (the codes are part of the second factor). Returned once.
 */
export async function renewRecoveryCodes({ actor, password, client }: { actor: MaybeActor; password: string } & AccountRequest): Promise<{ recoveryCodes: string[] }> {
  const a = requireBrowserSession(actor)
  const input = parseInput(recoveryCodesSchema, { password })
  const ctx = getAppContext()
  const [user] = await ctx.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, a.userId)).limit(1)
  if (!user?.enabled) throw new AppError('CONFLICT', TWO_FACTOR_NOT_ON_MESSAGE)
  await confirmAccountPassword({ actor: a, password: input.password, client })
  const keys = factorKeysOf(ctx)
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, a.userId))
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: a.userId, codeHash: hashRecoveryCode(keys, normaliseRecoveryCode(c)!) })))
    await settleFactorChange(tx, a, { action: 'recovery-codes-renewed', client, ...notice })
  })
  return { recoveryCodes: codes }
}
