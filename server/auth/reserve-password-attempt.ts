import { sql } from 'drizzle-orm'
import { getAppContext } from '../context/app-context'
import { giveBackToWindow, takeFromWindow } from './auth-counters'
import { authLimits } from './auth-limits'

/** What the check found: the right password, a wrong one, or no check at all (bad input, server busy). */
export type AttemptOutcome = 'right' | 'wrong' | 'unchecked'

export interface PasswordAttemptOptions {
  /** The lower-cased email the attempt is for (an account or not: the limits never say which). */
  account: string
  ip: string
  /** Whether the request carries this account's known-device cookie (asked only past the account ceiling). */
  isKnownDevice: () => Promise<boolean>
}

export interface PasswordAttemptRefusal {
  /** wait: this address failed too often for this account; address: for all accounts; account: from everywhere. */
  reason: 'wait' | 'address' | 'account'
  retryAfterSeconds: number
}

export interface PasswordAttempt {
  /** Records what the check found: a right password clears this address's failures for the account. */
  settle(outcome: AttemptOutcome): Promise<void>
}

const addressKey = (ip: string) => `auth:fail:ip:${ip}`
const accountKey = (account: string) => `auth:fail:acct:${account}`

/**
 * Reserves one password check, counted as a failure until settled, before the password is checked:
 * - per (account, address): the first failures are free, then each attempt waits a growing delay
 *   (reserved in the same statement that checks it, so concurrent attempts cannot share one slot);
 * - per address: a fixed number of failures per window, for all accounts;
 * - per account: past a ceiling, only a known device is still checked.
 */
export async function reservePasswordAttempt({ account, ip, isKnownDevice }: PasswordAttemptOptions): Promise<{ attempt: PasswordAttempt } | { refused: PasswordAttemptRefusal }> {
  const wait = await reservePairSlot(account, ip)
  if (wait > 0) return { refused: { reason: 'wait', retryAfterSeconds: wait } }
  const address = await takeFromWindow({ key: addressKey(ip), ...authLimits.failuresPerAddress })
  if (!address.allowed) {
    await releasePairSlot(account, ip)
    return { refused: { reason: 'address', retryAfterSeconds: address.retryAfterSeconds } }
  }
  let perAccount = await takeFromWindow({ key: accountKey(account), ...authLimits.failuresPerAccount })
  if (!perAccount.allowed && (await isKnownDevice())) {
    perAccount = await takeFromWindow({ key: accountKey(account), limit: null, windowMs: authLimits.failuresPerAccount.windowMs })
  }
  if (!perAccount.allowed) {
    await releasePairSlot(account, ip)
    await giveBackToWindow(addressKey(ip))
    return { refused: { reason: 'account', retryAfterSeconds: perAccount.retryAfterSeconds } }
  }
  return {
    attempt: {
      async settle(outcome) {
        if (outcome === 'wrong') return
        if (outcome === 'right') await clearPair(account, ip)
        else await releasePairSlot(account, ip)
        await giveBackToWindow(addressKey(ip))
        await giveBackToWindow(accountKey(account))
      },
    },
  }
}

/**
 * Counts a failure for the pair unless it must still wait, and sets the wait before its next attempt,
 * in one statement. Returns 0 when reserved, otherwise the seconds left to wait.
 */
async function reservePairSlot(account: string, ip: string): Promise<number> {
  const { db } = getAppContext()
  const { freeFailuresPerAddress: free, firstDelaySeconds, maxDelaySeconds, forgetFailuresAfterHours } = authLimits
  const stale = sql`d.last_failure_at <= now() - ${forgetFailuresAfterHours}::int * interval '1 hour'`
  const failures = sql`((CASE WHEN ${stale} THEN 0 ELSE d.failures END) + 1)`
  const delayFor = (f: ReturnType<typeof sql>) =>
    sql`CASE WHEN ${f} >= ${free}::int THEN now() + least(${maxDelaySeconds}::int, ${firstDelaySeconds}::int * power(2, least(${f} - ${free}::int, 30))) * interval '1 second' ELSE NULL END`
  const reserved = await db.execute<{ failures: number }>(sql`
    INSERT INTO sign_in_delay AS d (account, client_ip, failures, last_failure_at, next_attempt_at)
    VALUES (${account}, ${ip}, 1, now(), ${delayFor(sql`1`)})
    ON CONFLICT (account, client_ip) DO UPDATE SET
      failures = ${failures},
      last_failure_at = now(),
      next_attempt_at = ${delayFor(failures)}
    WHERE ${stale} OR d.next_attempt_at IS NULL OR d.next_attempt_at <= now()
    RETURNING failures`)
  if (reserved.rows.length) {
    // Forgotten pairs are dead weight: sweep them now and then rather than run a timer on every instance.
    if (Math.random() < 0.01) {
      await db.execute(sql`DELETE FROM sign_in_delay WHERE last_failure_at < now() - ${forgetFailuresAfterHours}::int * interval '1 hour'`).catch(() => {})
    }
    return 0
  }
  const left = await db.execute<{ seconds: string }>(sql`
    SELECT ceil(extract(epoch FROM (next_attempt_at - now()))) AS seconds FROM sign_in_delay WHERE account = ${account} AND client_ip = ${ip}`)
  return Math.max(1, Number(left.rows[0]?.seconds ?? 1))
}

/** Gives back a reserved slot that was never checked; a wait already earned by earlier failures stays. */
async function releasePairSlot(account: string, ip: string) {
  const { db } = getAppContext()
  await db.execute(sql`
    UPDATE sign_in_delay SET
      failures = greatest(failures - 1, 0),
      next_attempt_at = CASE WHEN failures - 1 < ${authLimits.freeFailuresPerAddress}::int THEN NULL ELSE next_attempt_at END
    WHERE account = ${account} AND client_ip = ${ip}`)
}

async function clearPair(account: string, ip: string) {
  const { db } = getAppContext()
  await db.execute(sql`DELETE FROM sign_in_delay WHERE account = ${account} AND client_ip = ${ip}`)
}
