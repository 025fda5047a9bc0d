/**
 * Writes a backup archive of the site: the database (one consistent snapshot) and every stored file.
 *   npm run backup                      ./meshwork-backup-<UTC time>.tar.gz
 *   npm run backup -- <file>            that file (never one that exists)
 *   npm run backup -- <directory>       a timestamped name in that directory
 *   npm run backup -- --key-file <file> [...]   signed with the key in that file (else BACKUP_KEY, if set)
 * Reads DATABASE_URL or DATA_DIR's embedded PostgreSQL (the running server's, or started here when
 * the server is down), and S3_* or DATA_DIR/files, as the server does.
 */
import { lstatSync, statSync } from 'node:fs'
import path from 'node:path'
import { createBackup } from '../backup/create-backup'
import { readBackupKey } from '../backup/read-backup-key'
import { openMaintenanceDatabase } from '../db/open-maintenance-database'
import { parseEnv } from '../core/env'
import { createLogger } from '../core/logger'
import { createBlobStore, diskStoreRoot } from '../storage/blobs/create-blob-store'
import { formatSize } from '../../lib/format'
import { runMaintenanceCommand } from './run-maintenance-command'

const usage = 'Usage: npm run backup [-- [--key-file <file>] [<archive file or directory>]]'

/** `npm run` starts scripts in the package's directory; a relative path means where npm was run. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd()

function outputPath(arg: string | undefined) {
  const name = `meshwork-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`
  if (!arg) return path.join(invokedFrom, name)
  const target = path.resolve(invokedFrom, arg)
  return statSync(target, { throwIfNoEntry: false })?.isDirectory() ? path.join(target, name) : target
}

/** `--key-file <file>` and at most one other argument, or null when they are not that. */
function parseArgs(args: string[]): { keyFile: string | undefined; target: string | undefined } | null {
  let keyFile: string | undefined
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--key-file') {
      if (keyFile !== undefined || !args[i + 1]) return null
      keyFile = path.resolve(invokedFrom, args[++i]!)
    } else rest.push(args[i]!)
  }
  if (rest.length > 1 || rest.some((a) => a.startsWith('-'))) return null
  return { keyFile, target: rest[0] }
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  if (!args) {
    console.error(usage)
    return 2
  }
  const output = outputPath(args.target)
  // lstat: a symlink at the name counts as taken, even one that points nowhere (the archive would not
  // follow it, but the name is someone else's).
  if (lstatSync(output, { throwIfNoEntry: false })) {
    console.error(`${output} already exists: name another file (or a directory, for a timestamped name).`)
    return 1
  }
  if (!statSync(path.dirname(output), { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`The directory ${path.dirname(output)} does not exist.`)
    return 1
  }
  const env = parseEnv()
  const key = await readBackupKey({ envKey: env.BACKUP_KEY, keyFile: args.keyFile })
  const database = await openMaintenanceDatabase({
    env,
    log: createLogger('warn'),
    role: 'backup',
    whileServerRuns: 'share',
    advice: 'Wait for it to finish, then run the backup again.',
    mustExist: true,
  })
  const store = createBlobStore(env)
  const storage = env.S3_BUCKET ? `the S3 bucket ${env.S3_BUCKET}` : diskStoreRoot(env.dataDir)
  try {
    console.log(`Backing up ${database.description} and the files in ${storage} ...`)
    const { manifest, bytes, signed } = await createBackup({
      connectionString: database.connectionString,
      databaseKind: database.kind,
      store,
      dataDir: env.dataDir,
      output,
      key,
      report: (line) => console.warn(`warning: ${line}`),
    })
    const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0)
    const fileBytes = manifest.files.reduce((n, f) => n + f.size, 0)
    console.log(
      `Backup written to ${output} (${formatSize(bytes)}): ${rows} rows in ${manifest.database.tables.length} tables, ` +
        `${manifest.files.length} files (${formatSize(fileBytes)})` +
        (manifest.missingFiles.length ? `, ${manifest.missingFiles.length} listed file(s) missing from the storage` : '') +
        (manifest.authSecret ? ', and DATA_DIR/auth-secret.' : '; no DATA_DIR/auth-secret (AUTH_SECRET must be kept with the configuration).') +
        (signed ? ' Signed with the backup key.' : ' Not signed (set BACKUP_KEY or pass --key-file to sign it).'),
    )
    return 0
  } finally {
    await database.close()
  }
}

runMaintenanceCommand(main, (message) => `The backup failed: ${message}`)
