import { and, asc, eq, isNull } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { passkeys, recoveryCodes, users } from '../../db/schema'
import { requireSignedIn, toIso, type MaybeActor } from '../shared/authorize'
import type { AccountSecurityInfo } from '../../../lib/account-security-types'

/** The signed-in person's own sign-in settings: two-factor sign-in, recovery codes left, passkeys. Never anyone else's. */
export async function getAccountSecurity({ actor }: { actor: MaybeActor }): Promise<AccountSecurityInfo> {
  const a = requireSignedIn(actor)
  const { db } = getAppContext()
  const [[user], left, keys] = await Promise.all([
    db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, a.userId)).limit(1),
    db.$count(recoveryCodes, and(eq(recoveryCodes.userId, a.userId), isNull(recoveryCodes.usedAt))),
    db.select().from(passkeys).where(eq(passkeys.userId, a.userId)).orderBy(asc(passkeys.createdAt)),
  ])
  return {
    twoFactorEnabled: user?.twoFactorEnabled ?? false,
    recoveryCodesLeft: user?.twoFactorEnabled ? left : 0,
    passkeys: keys.map((k) => ({ id: k.id, name: k.name ?? 'Passkey', createdAt: toIso(k.createdAt), lastUsedAt: toIso(k.lastUsedAt) })),
    signedInWithSecondFactor: a.secondFactor === true,
    secondFactorRequired: a.adminNeedsSecondFactor === true,
  }
}
