import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Time-based one-time codes (RFC 6238 over HOTP, RFC 4226) as authenticator apps make them: HMAC-SHA1,
 * 6 digits, 30-second steps, the secret shown in base32 (RFC 4648, no padding).
 */
export const TOTP_DIGITS = 6
export const TOTP_STEP_SECONDS = 30
/** Steps either side of now that still count: a phone's clock a little off, a code typed as it turns. */
export const TOTP_DRIFT_STEPS = 1

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A new random secret: 20 bytes (160 bits, the HMAC-SHA1 block the RFC recommends), in base32. */
export function newTotpSecret(): string {
  return encodeBase32(randomBytes(20))
}

export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** Decodes base32 as apps accept it: any case, spaces and padding ignored. Null when not base32. */
export function decodeBase32(text: string): Buffer | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) return null
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** The step a moment falls in. */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS)
}

/** The code of one step (HOTP of the step counter). */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac('sha1', key).update(message).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS
  return binary.toString().padStart(TOTP_DIGITS, '0')
}

/** The code an app shows for `secret` (base32) at `timeMs`. */
export function totpCode(secret: string, timeMs = Date.now()): string {
  const key = decodeBase32(secret)
  if (!key) throw new Error('The secret is not base32')
  return hotp(key, totpStep(timeMs))
}

/**
 * The step whose code `code` is, within the allowed drift around `timeMs`, or null. Steps at or
 * before `usedUpTo` are not accepted: a code works once, and so does any code older than the last one
 * used. Compared in constant time.
 */
export function matchTotp(secret: string, code: string, { timeMs = Date.now(), usedUpTo = null }: { timeMs?: number; usedUpTo?: number | null } = {}): number | null {
  const key = decodeBase32(secret)
  if (!key || !/^\d{6}$/.test(code)) return null
  const now = totpStep(timeMs)
  let found: number | null = null
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    const expected = Buffer.from(hotp(key, step))
    if (timingSafeEqual(expected, Buffer.from(code)) && (usedUpTo === null || step > usedUpTo)) found = step
  }
  return found
}

/** The otpauth:// address an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri({ secret, issuer, account }: { secret: string; issuer: string; account: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) })
  return `otpauth://totp/${label}?${params.toString()}`
}
