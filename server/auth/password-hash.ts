import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { APIError } from 'better-auth/api'
import { BoundedSemaphore, SemaphoreBusyError } from '../concurrency/bounded-semaphore'

/**
 * Password hashing at OWASP's current minimum for scrypt: N=2^17, r=8, p=1 (better-auth's default,
 * N=2^14 r=16, is weaker). That needs 128 MiB per hash, above Node's 32 MiB default maxmem, so it is raised.
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt hex>$<key hex>` so parameters can be raised later and
 * old hashes still verify.
 */
const LOG_N = 17
const R = 8
const P = 1
const KEY_LENGTH = 64

/** Seconds a refused caller is asked to wait (Retry-After of the 503). */
export const PASSWORD_HASH_RETRY_AFTER_SECONDS = 5
const PASSWORD_HASH_BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.'

/**
 * Each hash holds a core and 128 MiB for about a quarter of a second: a burst of sign-ins must not take
 * every core (and the memory) for seconds. Half the cores hash at once, a bounded queue waits behind
 * them, and whoever cannot be served within the wait gets 503 with Retry-After. The gate is per
 * process; `passwordHashGate.peak` is the most hashes that ever ran at once.
 */
export const passwordHashGate = new BoundedSemaphore({
  maxConcurrent: Math.max(1, Math.floor(availableParallelism() / 2)),
  maxQueue: 32,
  maxWaitMs: 10_000,
})

async function gated<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await passwordHashGate.run(task)
  } catch (error) {
    if (error instanceof SemaphoreBusyError) {
      throw new APIError('SERVICE_UNAVAILABLE', { code: 'BUSY', message: PASSWORD_HASH_BUSY_MESSAGE }, { 'retry-after': String(PASSWORD_HASH_RETRY_AFTER_SECONDS) })
    }
    throw error
  }
}

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 }
  return gated(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, LOG_N, R, P)
  return ['scrypt', LOG_N, R, P, salt.toString('hex'), key.toString('hex')].join('$')
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const parts = hash.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, logN, r, p, saltHex, keyHex] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(keyHex, 'hex')
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), Number(logN), Number(r), Number(p))
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
