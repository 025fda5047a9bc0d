import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto'

/**
 * The keys that protect second factors at rest, each derived from the auth secret (AUTH_SECRET, or
 * DATA_DIR/auth-secret) for its one purpose: a copy of the database without the secret yields neither
 * an authenticator secret nor a recovery code.
 */
export interface FactorKeys {
  /** AES-256-GCM key for authenticator secrets. */
  secretKey: Buffer
  /** HMAC-SHA256 key for recovery codes. */
  recoveryKey: Buffer
}

const derive = (authSecret: string, purpose: string) => Buffer.from(hkdfSync('sha256', authSecret, 'meshwork second factors', purpose, 32))

export function factorKeys(authSecret: string): FactorKeys {
  return { secretKey: derive(authSecret, 'authenticator secret'), recoveryKey: derive(authSecret, 'recovery code') }
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), the user id bound in as associated data. */
export function sealSecret(keys: FactorKeys, userId: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.secretKey, iv)
  cipher.setAAD(Buffer.from(userId))
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/** The secret, or null when the stored value was not sealed with this key for this user. */
export function openSecret(keys: FactorKeys, userId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.secretKey, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(userId))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10
/** Letters and digits that are not mistaken for one another when read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_GROUPS = 3
const RECOVERY_GROUP_LENGTH = 4

/** A new code: three groups of four (about 59 bits), e.g. `k7pq-2mzx-h4rt`. */
export function newRecoveryCode(): string {
  const groups = Array.from({ length: RECOVERY_GROUPS }, () => Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''))
  return groups.join('-')
}

/** A code as typed, the way it was made: lower case, without spaces or dashes. Null when it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const clean = typed.toLowerCase().replace(/[\s-]/g, '')
  if (clean.length !== RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH) return null
  return [...clean].every((c) => RECOVERY_ALPHABET.includes(c)) ? clean : null
}

/** What is stored of a code: its keyed hash (the codes are random, so a fast keyed hash is enough). */
export function hashRecoveryCode(keys: FactorKeys, normalised: string): string {
  return createHmac('sha256', keys.recoveryKey).update(normalised).digest('base64url')
}
