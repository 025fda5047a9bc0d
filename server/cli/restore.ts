/**
 * Restores an archive of `npm run backup`:
 *   npm run restore -- <archive> [--force] [--key-file <file>] [--unverified]
 * into DATABASE_URL (an empty database) or a fresh DATA_DIR's embedded PostgreSQL, and the configured
 * storage (S3_* or DATA_DIR/files), with DATA_DIR/auth-secret. The whole archive is checked against
 * its manifest first, and the manifest against its signature with the key given (--key-file, else
 * BACKUP_KEY): see verifyBackup for what is refused and what --unverified allows. A target that holds
 * anything is refused unless --force, which replaces it. With the embedded database, the server must
 * be stopped (the restore owns DATA_DIR while it runs).
 */
import path from 'node:path'
import pg from 'pg'
import { readBackupKey } from '../backup/read-backup-key'
import { restoreBackup, RestoreTargetNotEmptyError } from '../backup/restore-backup'
import { BackupSignatureError, verifyBackup } from '../backup/verify-backup'
import { openMaintenanceDatabase } from '../db/open-maintenance-database'
import { parseEnv } from '../core/env'
import { createLogger } from '../core/logger'
import { createBlobStore, diskStoreRoot } from '../storage/blobs/create-blob-store'
import { formatSize } from '../../lib/format'
import { runMaintenanceCommand } from './run-maintenance-command'

const usage = 'Usage: npm run restore -- <archive> [--force] [--key-file <file>] [--unverified]'

/** `npm run` starts scripts in the package's directory; a relative path means where npm was run. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd()

/** The archive and the flags, or null when the arguments are not that. */
function parseArgs(args: string[]): { archive: string; force: boolean; unverified: boolean; keyFile: string | undefined } | null {
  let force = false
  let unverified = false
  let keyFile: string | undefined
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--force') force = true
    else if (arg === '--unverified') unverified = true
    else if (arg === '--key-file') {
      if (keyFile !== undefined || !args[i + 1]) return null
      keyFile = path.resolve(invokedFrom, args[++i]!)
    } else rest.push(arg)
  }
  if (rest.length !== 1 || rest[0]!.startsWith('-')) return null
  return { archive: path.resolve(invokedFrom, rest[0]!), force, unverified, keyFile }
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  if (!args) {
    console.error(usage)
    return 2
  }
  const { archive, force } = args
  const env = parseEnv()
  const key = await readBackupKey({ envKey: env.BACKUP_KEY, keyFile: args.keyFile })

  console.log(`Checking ${archive} ...`)
  const backup = await verifyBackup(archive, { key, unverified: args.unverified })
  const { manifest } = backup
  if (backup.signature === 'valid') console.log('The signature is valid: the manifest is the one the backup wrote and signed with this key.')
  else if (backup.signature === 'unchecked') console.warn('warning: the archive is signed, but no key was given: its signature was not checked (--unverified).')
  else console.warn('warning: the archive is not signed: nothing shows it is the archive the backup wrote (set BACKUP_KEY when backing up to sign archives).')

  const database = await openMaintenanceDatabase({
    env,
    log: createLogger('warn'),
    role: 'restore',
    whileServerRuns: 'refuse',
    advice: 'Stop the server before restoring into its DATA_DIR.',
  })
  const client = new pg.Client({ connectionString: database.connectionString })
  try {
    await client.connect()
    const diskRoot = env.S3_BUCKET ? undefined : diskStoreRoot(env.dataDir)
    const storageDescription = env.S3_BUCKET ? `the S3 bucket ${env.S3_BUCKET}` : diskRoot!
    console.log(`Restoring the backup of ${manifest.createdAt} into ${database.description} and ${storageDescription} ...`)
    await restoreBackup({
      archive,
      backup,
      force,
      target: { client, databaseDescription: database.description, store: createBlobStore(env), storageDescription, diskRoot, dataDir: env.dataDir },
    })
    const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0)
    const bytes = manifest.files.reduce((n, f) => n + f.size, 0)
    console.log(`Restored ${rows} rows in ${manifest.database.tables.length} tables and ${manifest.files.length} files (${formatSize(bytes)}).`)
    if (manifest.missingFiles.length) {
      console.warn(`warning: the backup lists ${manifest.missingFiles.length} file(s) its storage had lost, which it could not hold: ${manifest.missingFiles.slice(0, 5).join(', ')}`)
    }
    if (backup.authSecret) {
      console.log(
        env.AUTH_SECRET
          ? `DATA_DIR/auth-secret was restored, but AUTH_SECRET is set: the server signs sessions with AUTH_SECRET, so sessions from the backup stay valid only if it is the same secret.`
          : 'DATA_DIR/auth-secret was restored: sessions from the time of the backup stay signed in.',
      )
    } else {
      console.log('The backup holds no DATA_DIR/auth-secret: the server keeps using AUTH_SECRET (or makes a new secret, which signs everyone out).')
    }
    return 0
  } finally {
    await client.end().catch(() => {})
    await database.close()
  }
}

runMaintenanceCommand(main, (message, error) =>
  error instanceof RestoreTargetNotEmptyError || error instanceof BackupSignatureError ? message : `The restore failed: ${message}`,
)
