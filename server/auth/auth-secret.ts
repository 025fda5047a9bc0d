import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ensurePrivateDirectorySync } from '../core/ensure-private-directory'

/**
 * AUTH_SECRET when set; otherwise a secret generated once into DATA_DIR/auth-secret (mode 600), so
 * sessions survive restarts without configuration. Instances sharing a database must share AUTH_SECRET.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'auth-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    /* not created yet */
  }
  ensurePrivateDirectorySync(dataDir)
  const secret = randomBytes(48).toString('base64url')
  try {
    // 'wx' fails when another instance created it a moment ago: then read theirs.
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    chmodSync(file, 0o600)
    return secret
  } catch {
    return readFileSync(file, 'utf8').trim()
  }
}
