import { eq } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'
import { verifications } from '../db/schema'
import { clearWindow, giveBackToWindow, takeFromWindow } from './auth-counters'
import { authLimits } from './auth-limits'
import type { AttemptOutcome } from './reserve-password-attempt'

/** What a mailed code is for (better-auth's email-otp types). */
export type CodePurpose = 'email-verification' | 'forget-password' | 'change-email'

export interface CodeCheckOptions {
  purpose: CodePurpose
  /** The address the code was mailed to. */
  recipient: string
  /** better-auth's verification identifier of that code (deleted once the code is used up). */
  identifier: string
  ip: string
}

export interface CodeCheck {
  settle(outcome: AttemptOutcome): Promise<void>
}

const checksKey = (purpose: CodePurpose, recipient: string) => `auth:code-check:${purpose}:${recipient}`
const addressKey = (ip: string) => `auth:fail:ip:${ip}`

/**
 * Reserves one check of a mailed code before it is checked: at most `checksPerCode` per code however
 * many arrive at once (the count restarts when a new code is mailed), and wrong codes count in the
 * client address's failures like wrong passwords. The code is deleted on its last allowed wrong try,
 * and whenever a check is refused, so nothing can confirm it afterwards.
 */
export async function reserveCodeCheck({ purpose, recipient, identifier, ip }: CodeCheckOptions): Promise<{ check: CodeCheck } | { refused: { reason: 'code-used-up' | 'address'; retryAfterSeconds: number } }> {
  const key = checksKey(purpose, recipient)
  const checks = await takeFromWindow({ key, limit: authLimits.checksPerCode, windowMs: authLimits.codeLifetimeMs })
  if (!checks.allowed) {
    await deleteCode(identifier)
    return { refused: { reason: 'code-used-up', retryAfterSeconds: checks.retryAfterSeconds } }
  }
  const address = await takeFromWindow({ key: addressKey(ip), ...authLimits.failuresPerAddress })
  if (!address.allowed) {
    await giveBackToWindow(key)
    return { refused: { reason: 'address', retryAfterSeconds: address.retryAfterSeconds } }
  }
  return {
    check: {
      async settle(outcome) {
        if (outcome === 'wrong') {
          if (checks.hits >= authLimits.checksPerCode) await deleteCode(identifier)
          return
        }
        if (outcome === 'right') await clearWindow(key)
        else await giveBackToWindow(key)
        await giveBackToWindow(addressKey(ip))
      },
    },
  }
}

/** A new code was mailed: it gets its own checks. */
export async function resetCodeChecks(purpose: CodePurpose, recipient: string): Promise<void> {
  await clearWindow(checksKey(purpose, recipient))
}

async function deleteCode(identifier: string) {
  const { db } = getAppContext()
  await db.delete(verifications).where(eq(verifications.identifier, identifier))
}
