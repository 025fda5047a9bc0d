import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * An archive may be signed: the entry `manifest.hmac`, after `manifest.json`, holds an HMAC-SHA256 of
 * the manifest's exact bytes under a key kept outside the archive (BACKUP_KEY, or a key file). The
 * manifest holds the size and SHA-256 of every other entry, so a valid signature vouches for the whole
 * archive: whoever changes a row or a file must change the manifest, and cannot sign it again
 * without the key.
 */
export const SIGNATURE_ENTRY = 'manifest.hmac'
const ALGORITHM = 'HMAC-SHA256'
/** A key shorter than this is refused: it could be guessed. */
export const BACKUP_KEY_MIN_LENGTH = 32

const hmacOf = (manifest: Buffer, key: Buffer) => createHmac('sha256', key).update(manifest).digest()

/** The signature entry for a manifest's bytes. */
export function signManifest(manifest: Buffer, key: Buffer): Buffer {
  return Buffer.from(JSON.stringify({ algorithm: ALGORITHM, hmac: hmacOf(manifest, key).toString('hex') }) + '\n')
}

/** Whether a signature entry is the manifest's under `key` (compared in constant time). A damaged entry is not. */
export function signatureMatches(manifest: Buffer, signature: Buffer, key: Buffer): boolean {
  let parsed: { algorithm?: unknown; hmac?: unknown }
  try {
    parsed = JSON.parse(signature.toString('utf8')) as typeof parsed
  } catch {
    return false
  }
  if (parsed.algorithm !== ALGORITHM || typeof parsed.hmac !== 'string' || !/^[0-9a-f]{64}$/.test(parsed.hmac)) return false
  return timingSafeEqual(Buffer.from(parsed.hmac, 'hex'), hmacOf(manifest, key))
}
