import { createHash } from 'node:crypto'
import { AUTH_SECRET_ENTRY, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, backupManifestSchema, fileEntryName, MANIFEST_ENTRY, type BackupManifest } from './backup-manifest'
import { SIGNATURE_ENTRY, signatureMatches } from './backup-signature'
import { readBackupArchive } from './read-backup-archive'

/** At most this much of a manifest is read into memory (a manifest lists paths and checksums). */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024
/** A signature entry is one short line of JSON. */
const SIGNATURE_MAX_BYTES = 4096

export interface VerifyBackupOptions {
  /** The key the archive's signature is checked with (BACKUP_KEY or a key file). */
  key?: Buffer
  /** Go on without checking a signature: an unsigned archive when a key is given, a signed one without a key. */
  unverified?: boolean
}

export interface VerifiedBackup {
  manifest: BackupManifest
  /** The archived DATA_DIR/auth-secret, when there is one. */
  authSecret: Buffer | undefined
  /**
   * 'valid': signed, and the signature is the manifest's under the key given. 'unsigned': the archive
   * carries no signature. 'unchecked': signed, but no key was given (allowed with `unverified`).
   */
  signature: 'valid' | 'unsigned' | 'unchecked'
}

/** The archive's signature does not allow restoring it (the message says why and what to do). */
export class BackupSignatureError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupSignatureError'
  }
}

/**
 * Reads a whole archive once, before anything is restored from it: its signature first (nothing the
 * manifest says is believed before), then it must be a backup of this site in a format this version
 * reads, and every entry the manifest lists must be there once with its size and SHA-256, with
 * nothing else beside them.
 *
 * Signatures: with a key, a signed archive must match it (a mismatch is refused, always) and an
 * unsigned one is refused unless `unverified`; without a key, an unsigned archive is accepted (the
 * caller says so) and a signed one is refused unless `unverified`, as its signature cannot be checked.
 */
export async function verifyBackup(archive: string, { key, unverified = false }: VerifyBackupOptions = {}): Promise<VerifiedBackup> {
  const seen = new Map<string, { size: number; sha256: string; count: number }>()
  let manifestBytes: Buffer | undefined
  let signatureBytes: Buffer | undefined
  let authSecret: Buffer | undefined
  await readBackupArchive(archive, async (entry) => {
    const hash = createHash('sha256')
    const kept: Buffer[] = []
    let size = 0
    for await (const chunk of entry.body) {
      hash.update(chunk)
      size += chunk.length
      if ((entry.name === MANIFEST_ENTRY && size <= MANIFEST_MAX_BYTES) || (entry.name === SIGNATURE_ENTRY && size <= SIGNATURE_MAX_BYTES) || entry.name === AUTH_SECRET_ENTRY) kept.push(chunk)
    }
    const before = seen.get(entry.name)
    seen.set(entry.name, { size, sha256: hash.digest('hex'), count: (before?.count ?? 0) + 1 })
    if (entry.name === MANIFEST_ENTRY) manifestBytes = Buffer.concat(kept)
    if (entry.name === SIGNATURE_ENTRY) signatureBytes = Buffer.concat(kept)
    if (entry.name === AUTH_SECRET_ENTRY) authSecret = Buffer.concat(kept)
  })

  if (manifestBytes === undefined) throw new Error(`${archive} has no ${MANIFEST_ENTRY}: it is not a backup made by npm run backup.`)
  if ((seen.get(SIGNATURE_ENTRY)?.count ?? 0) > 1) throw new BackupSignatureError(`${archive} holds ${SIGNATURE_ENTRY} more than once: the archive was altered. Nothing was restored.`)
  const signature = checkSignature(archive, manifestBytes, signatureBytes, key, unverified)
  const manifestText = manifestBytes.toString('utf8')
  let raw: unknown
  try {
    raw = JSON.parse(manifestText)
  } catch {
    throw new Error(`The ${MANIFEST_ENTRY} of ${archive} is not valid JSON: the archive is damaged.`)
  }
  const header = raw as { format?: unknown; formatVersion?: unknown }
  if (header.format !== BACKUP_FORMAT) throw new Error(`${archive} is not a backup of this site (its format is ${JSON.stringify(header.format)}).`)
  if (typeof header.formatVersion === 'number' && header.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new Error(`${archive} was made by a newer version of the site (backup format ${header.formatVersion}; this version reads ${BACKUP_FORMAT_VERSION}). Update the site, then restore.`)
  }
  const parsed = backupManifestSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`The ${MANIFEST_ENTRY} of ${archive} is not valid (${problems.join('; ')}): the archive is damaged.`)
  }
  const manifest = parsed.data

  const expected = new Map<string, { size: number; sha256: string }>()
  for (const table of manifest.database.tables) {
    for (const chunk of table.chunks) expected.set(chunk.entry, chunk)
    const rows = table.chunks.reduce((n, c) => n + c.rows, 0)
    if (rows !== table.rows) throw new Error(`The manifest of ${archive} counts ${table.rows} rows in ${table.name} but its parts hold ${rows}: the archive is damaged.`)
  }
  for (const file of manifest.files) expected.set(fileEntryName(file.path), file)
  if (manifest.authSecret) expected.set(AUTH_SECRET_ENTRY, manifest.authSecret)

  const problems: string[] = []
  for (const [name, want] of expected) {
    const got = seen.get(name)
    if (!got) problems.push(`${name} is missing`)
    else if (got.count > 1) problems.push(`${name} is there ${got.count} times`)
    else if (got.size !== want.size) problems.push(`${name} has ${got.size} bytes, not ${want.size}`)
    else if (got.sha256 !== want.sha256) problems.push(`${name} does not match its SHA-256`)
  }
  for (const name of seen.keys()) if (name !== MANIFEST_ENTRY && name !== SIGNATURE_ENTRY && !expected.has(name)) problems.push(`${name} is not in the manifest`)
  if (seen.get(MANIFEST_ENTRY)!.count > 1) problems.push(`${MANIFEST_ENTRY} is there more than once`)
  if (problems.length) {
    const shown = problems.slice(0, 10).join('; ') + (problems.length > 10 ? `; and ${problems.length - 10} more` : '')
    throw new Error(`${archive} does not match its manifest (${shown}): nothing was restored.`)
  }
  return { manifest, authSecret: manifest.authSecret ? authSecret : undefined, signature }
}

function checkSignature(archive: string, manifest: Buffer, signature: Buffer | undefined, key: Buffer | undefined, unverified: boolean): VerifiedBackup['signature'] {
  if (key && signature) {
    if (signatureMatches(manifest, signature, key)) return 'valid'
    throw new BackupSignatureError(
      `The signature of ${archive} does not match its manifest with the key given: the archive was changed after the backup wrote it, or it was signed with another key. Nothing was restored.`,
    )
  }
  if (key) {
    if (unverified) return 'unsigned'
    throw new BackupSignatureError(`${archive} is not signed, so the key given cannot check it. Restore it unchecked with --unverified only if you know where it comes from. Nothing was restored.`)
  }
  if (signature) {
    if (unverified) return 'unchecked'
    throw new BackupSignatureError(`${archive} is signed: give its key (BACKUP_KEY, or --key-file <file>) to check it, or restore it unchecked with --unverified. Nothing was restored.`)
  }
  return 'unsigned'
}
