import { totpCode, totpStep, TOTP_STEP_SECONDS } from '../../server/auth/totp'

/**
 * Codes of an authenticator app for the tests, computed from the secret the page or the API showed
 * (RFC 6238, the server's own function). A code works once and no older code works after it, so each
 * secret remembers the last step it gave out; a test that needs more codes than the clock allows waits
 * for the next step.
 */
const lastStepOf = new Map<string, number>()

export async function nextTotpCode(secret: string): Promise<string> {
  const last = lastStepOf.get(secret) ?? -1
  // The server accepts the step after the current one too (a phone's clock a little ahead).
  let step = Math.max(totpStep(Date.now()), last + 1)
  while (step > totpStep(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 1000))
  step = Math.max(totpStep(Date.now()), last + 1)
  lastStepOf.set(secret, step)
  return totpCode(secret, step * TOTP_STEP_SECONDS * 1000)
}

/** A code that is not the app's now (for wrong-code tests): the current code with its last digit changed. */
export function wrongTotpCode(secret: string): string {
  const code = totpCode(secret)
  return code.slice(0, 5) + String((Number(code[5]) + 1) % 10)
}
