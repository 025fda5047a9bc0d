import { giveBackToWindow, takeFromWindow } from './auth-counters'
import { authLimits } from './auth-limits'
import type { AttemptOutcome } from './reserve-password-attempt'

export interface SecondFactorCheckOptions {
  userId: string
  ip: string
  /** The sign-in waiting for this code, if it is the sign-in step (its own allowance of checks). */
  challengeId?: string
  /** Whether the request comes from a device known to the account (asked only past the account's allowance). */
  isKnownDevice?: () => Promise<boolean>
}

export interface SecondFactorCheck {
  /** Records what the check found: only a wrong code keeps its place in the counts. */
  settle(outcome: AttemptOutcome): Promise<void>
  /** Whether this was the sign-in's last allowed check (it then ends on a wrong code). */
  lastForSignIn: boolean
}

export type SecondFactorRefusal = { reason: 'sign-in-used-up' | 'account' | 'address'; retryAfterSeconds: number }

const challengeKey = (id: string) => `auth:2fa:sign-in:${id}`
const accountKey = (userId: string) => `auth:2fa:acct:${userId}`
const addressKey = (ip: string) => `auth:fail:ip:${ip}`

/**
 * Reserves one check of an authenticator or recovery code before it is checked, in atomic statements
 * in PostgreSQL, so concurrent guesses get no more checks than a slow series:
 * - per sign-in: `codeChecksPerSignIn` codes, then it must start again from the password;
 * - per account: `wrongSecondFactorsPerAccount` (past it, at sign-in, only a known device is checked);
 * - per address: counted with wrong passwords and mailed codes (`failuresPerAddress`).
 */
export async function reserveSecondFactorCheck({ userId, ip, challengeId, isKnownDevice }: SecondFactorCheckOptions): Promise<{ check: SecondFactorCheck } | { refused: SecondFactorRefusal }> {
  const windowOfSignIn = authLimits.secondFactorChallengeSeconds * 1000
  const perSignIn = challengeId ? await takeFromWindow({ key: challengeKey(challengeId), limit: authLimits.codeChecksPerSignIn, windowMs: windowOfSignIn }) : null
  if (perSignIn && !perSignIn.allowed) return { refused: { reason: 'sign-in-used-up', retryAfterSeconds: perSignIn.retryAfterSeconds } }
  const giveBackSignIn = async () => {
    if (challengeId) await giveBackToWindow(challengeKey(challengeId))
  }
  let perAccount = await takeFromWindow({ key: accountKey(userId), ...authLimits.wrongSecondFactorsPerAccount })
  if (!perAccount.allowed && isKnownDevice && (await isKnownDevice())) {
    perAccount = await takeFromWindow({ key: accountKey(userId), limit: null, windowMs: authLimits.wrongSecondFactorsPerAccount.windowMs })
  }
  if (!perAccount.allowed) {
    await giveBackSignIn()
    return { refused: { reason: 'account', retryAfterSeconds: perAccount.retryAfterSeconds } }
  }
  const perAddress = await takeFromWindow({ key: addressKey(ip), ...authLimits.failuresPerAddress })
  if (!perAddress.allowed) {
    await giveBackSignIn()
    await giveBackToWindow(accountKey(userId))
    return { refused: { reason: 'address', retryAfterSeconds: perAddress.retryAfterSeconds } }
  }
  return {
    check: {
      lastForSignIn: perSignIn !== null && perSignIn.hits >= authLimits.codeChecksPerSignIn,
      async settle(outcome) {
        if (outcome === 'wrong') return
        if (outcome === 'unchecked') await giveBackSignIn()
        await giveBackToWindow(accountKey(userId))
        await giveBackToWindow(addressKey(ip))
      },
    },
  }
}
