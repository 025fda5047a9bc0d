import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A guest's upload has no account to tie it to. The creation answer carries a random key in this
 * header, and every later request of that upload (HEAD, PATCH, DELETE) must send it back. Only its
 * hash is kept with the upload, so the partial upload's metadata does not hold the key itself.
 */
export const UPLOAD_KEY_HEADER = 'Upload-Key'

export function issueUploadKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url')
  return { key, hash: hashOf(key) }
}

export function uploadKeyMatches(given: string | null | undefined, hash: string): boolean {
  if (!given || !hash) return false
  const a = Buffer.from(hashOf(given), 'hex')
  const b = Buffer.from(hash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}
