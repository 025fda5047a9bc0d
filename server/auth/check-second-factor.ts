import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../db/open-database'
import { recoveryCodes, twoFactors } from '../db/schema'
import { hashRecoveryCode, normaliseRecoveryCode, openSecret, type FactorKeys } from './factor-keys'
import { matchTotp } from './totp'

/** Which second factor a code proved. */
export type SecondFactorMethod = 'totp' | 'recovery-code'

export interface CheckSecondFactorOptions {
  userId: string
  /** Six digits from the authenticator app, or a recovery code. */
  code: string
  /** Whether a recovery code is accepted here. */
  allowRecoveryCode?: boolean
  /** Check against the secret still waiting for its first code (the set-up), not the confirmed one. */
  pending?: boolean
}

/**
 * Checks a second factor of an account and uses it up: an authenticator code counts once (its step is
 * recorded in the same statement that accepts it, so two requests with one code cannot both pass, nor
 * can an older code afterwards), a recovery code is marked used in the statement that finds it. Callers
 * reserve the check against its limits first (reserve-second-factor-check.ts).
 */
export async function checkSecondFactor(db: Database, keys: FactorKeys, { userId, code, allowRecoveryCode = true, pending = false }: CheckSecondFactorOptions): Promise<SecondFactorMethod | null> {
  const typed = code.trim().replace(/\s/g, '')
  if (/^\d{6}$/.test(typed)) {
    const [row] = await db
      .select({ secret: twoFactors.secret, lastUsedStep: twoFactors.lastUsedStep })
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, userId), pending ? isNull(twoFactors.confirmedAt) : isNotNull(twoFactors.confirmedAt)))
      .limit(1)
    const secret = row ? openSecret(keys, userId, row.secret) : null
    if (!row || !secret) return null
    const step = matchTotp(secret, typed, { usedUpTo: row.lastUsedStep })
    if (step === null) return null
    const taken = await db
      .update(twoFactors)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
      .returning({ userId: twoFactors.userId })
    return taken.length ? 'totp' : null
  }
  if (!allowRecoveryCode || pending) return null
  const normal = normaliseRecoveryCode(typed)
  if (!normal) return null
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(keys, normal)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return used.length ? 'recovery-code' : null
}
