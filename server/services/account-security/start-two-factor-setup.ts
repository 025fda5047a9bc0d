import { eq, sql } from 'drizzle-orm'
import { encode } from 'uqr'
import { TWO_FACTOR_ALREADY_ON_MESSAGE, twoFactorSetupSchema } from '../../../lib/account-security-schema'
import { site } from '../../../lib/site'
import { sealSecret } from '../../auth/factor-keys'
import { factorKeysOf } from '../../auth/factor-keys-of'
import { newTotpSecret, otpauthUri } from '../../auth/totp'
import { getAppContext } from '../../context/app-context'
import { twoFactors, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import type { TwoFactorSetup } from '../../../lib/account-security-types'
import type { AccountRequest } from './account-security-types'
import { confirmAccountPassword } from './confirm-account-password'
import { requireBrowserSession } from './require-browser-session'

/**
 * Step one of turning on two-factor sign-in: after the password, a new secret for the authenticator
 * app (replacing any set-up not finished), shown as a QR code and as text. Nothing changes for the
 * account until the app's first code confirms it (enableTwoFactor). The secret is stored encrypted.
 */
export async function startTwoFactorSetup({ actor, password, client }: { actor: MaybeActor; password: string } & AccountRequest): Promise<TwoFactorSetup> {
  const a = requireBrowserSession(actor)
  const input = parseInput(twoFactorSetupSchema, { password })
  const ctx = getAppContext()
  const [user] = await ctx.db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, a.userId)).limit(1)
  if (user?.twoFactorEnabled) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE)
  await confirmAccountPassword({ actor: a, password: input.password, client })
  const secret = newTotpSecret()
  const sealed = sealSecret(factorKeysOf(ctx), a.userId, secret)
  // Only a set-up that is not confirmed is replaced: a confirmed secret stays until it is turned off.
  const written = await ctx.db
    .insert(twoFactors)
    .values({ userId: a.userId, secret: sealed })
    .onConflictDoUpdate({ target: twoFactors.userId, set: { secret: sealed, lastUsedStep: null, createdAt: sql`now()` }, setWhere: sql`${twoFactors.confirmedAt} IS NULL` })
    .returning({ userId: twoFactors.userId })
  if (!written.length) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE)
  const uri = otpauthUri({ secret, issuer: site.companyName, account: a.email })
  const qr = encode(uri, { ecc: 'M', border: 0 })
  return { secret, otpauthUri: uri, qrSize: qr.size, qrPath: qrPathOf(qr.data) }
}

/** The dark modules of a QR code as one SVG path, one unit per module. */
function qrPathOf(modules: boolean[][]): string {
  const parts: string[] = []
  modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (x < row.length && row[x]) x++
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`)
    }
  })
  return parts.join('')
}
