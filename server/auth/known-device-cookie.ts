import { createHmac, timingSafeEqual } from 'node:crypto'
import { authLimits } from './auth-limits'

/**
 * A browser that has signed in to an account before carries this cookie: an HMAC-signed list of
 * (account id, time) entries, httpOnly, sent only to /api/auth. Past the per-account failure ceiling
 * (a distributed attack on one account) only a sign-in carrying the account's entry is still checked.
 */
const KNOWN_DEVICE_COOKIE = 'mwk.known_device'
const MAX_ENTRIES = 5
const ENTRY_SEPARATOR = '~'

export function knownDeviceKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('known-device cookie').digest()
}

function sign(key: Buffer, userId: string, issuedAt: number): string {
  return createHmac('sha256', key).update(`${userId}.${issuedAt}`).digest('base64url')
}

interface Entry {
  userId: string
  issuedAt: number
}

/** The valid entries of the cookie in a Cookie header (forged, expired or malformed ones dropped). */
function readEntries(cookieHeader: string | null, key: Buffer, now = Date.now()): Entry[] {
  // Named with the __Secure- prefix on an https site.
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`) || part.startsWith(`__Secure-${KNOWN_DEVICE_COOKIE}=`))
    ?.replace(/^[^=]*=/, '')
  if (!raw) return []
  const oldest = Math.floor(now / 1000) - authLimits.knownDeviceDays * 86_400
  const entries: Entry[] = []
  for (const item of raw.split(ENTRY_SEPARATOR).slice(0, MAX_ENTRIES)) {
    const [userId, issued, signature] = item.split('.')
    const issuedAt = Number(issued)
    if (!userId || !signature || !Number.isInteger(issuedAt) || issuedAt < oldest) continue
    const expected = Buffer.from(sign(key, userId, issuedAt))
    const given = Buffer.from(signature)
    if (expected.length === given.length && timingSafeEqual(expected, given)) entries.push({ userId, issuedAt })
  }
  return entries
}

export function isKnownDevice(cookieHeader: string | null, userId: string, key: Buffer): boolean {
  return readEntries(cookieHeader, key).some((e) => e.userId === userId)
}

/** The Set-Cookie value that adds (or refreshes) `userId` in the browser's known-device cookie. */
export function knownDeviceSetCookie(cookieHeader: string | null, userId: string, key: Buffer, secure: boolean): string {
  const issuedAt = Math.floor(Date.now() / 1000)
  const others = readEntries(cookieHeader, key).filter((e) => e.userId !== userId)
  const entries = [{ userId, issuedAt }, ...others].slice(0, MAX_ENTRIES)
  const value = entries.map((e) => `${e.userId}.${e.issuedAt}.${sign(key, e.userId, e.issuedAt)}`).join(ENTRY_SEPARATOR)
  const maxAge = authLimits.knownDeviceDays * 86_400
  return `${secure ? '__Secure-' : ''}${KNOWN_DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
