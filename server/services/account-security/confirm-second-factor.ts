import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../../lib/auth-schema'
import type { Actor } from '../../auth/actor'
import { checkSecondFactor, type CheckSecondFactorOptions, type SecondFactorMethod } from '../../auth/check-second-factor'
import { factorKeysOf } from '../../auth/factor-keys-of'
import { reserveSecondFactorCheck } from '../../auth/reserve-second-factor-check'
import { getAppContext } from '../../context/app-context'
import { AppError } from '../../errors/app-error'
import type { RequestClient } from '../activity/record-security-event'

/**
 * Checks (and uses up) a code of the signed-in person's second factor, inside the limits of the
 * sign-in step: reserved before it is checked, per account and per address. A wrong code is a field
 * error of `code` with `wrongMessage`.
 */
export async function confirmSecondFactor({
  actor,
  code,
  client,
  wrongMessage,
  ...options
}: { actor: Actor; code: string; client?: RequestClient; wrongMessage: string } & Pick<CheckSecondFactorOptions, 'allowRecoveryCode' | 'pending'>): Promise<SecondFactorMethod> {
  const ctx = getAppContext()
  const reserved = await reserveSecondFactorCheck({ userId: actor.userId, ip: client?.ip ?? 'unknown' })
  if ('refused' in reserved) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE)
  let method: SecondFactorMethod | null
  try {
    method = await checkSecondFactor(ctx.db, factorKeysOf(ctx), { userId: actor.userId, code, ...options })
  } catch (error) {
    await reserved.check.settle('unchecked')
    throw error
  }
  await reserved.check.settle(method ? 'right' : 'wrong')
  if (!method) throw new AppError('BAD_REQUEST', wrongMessage, { fieldErrors: { code: [wrongMessage] } })
  return method
}
