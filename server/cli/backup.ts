/**
 * Writes a backup archive of the site: the database (one consistent snapshot) and every stored file.
 *   npm run backup                      ./meshwork-backup-<UTC time>.tar.gz
 *   npm run backup -- <file>            that file
 *   npm run backup -- <directory>       a timestamped name in that directory
 * Reads DATABASE_URL or DATA_DIR's embedded PostgreSQL (the running server's, or started here when
 * the server is down), and S3_* or DATA_DIR/files, as the server does.
 */
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { createBackup } from '../backup/create-backup'
import { DataDirInUseError } from '../db/data-dir-lock'
import { openMaintenanceDatabase } from '../db/open-maintenance-database'
import { EnvError, parseEnv } from '../env'
import { createLogger } from '../logger'
import { createBlobStore, diskStoreRoot } from '../storage/create-blob-store'
import { formatBytes } from './format-bytes'

const usage = 'Usage: npm run backup [-- <archive file or directory>]'

/** `npm run` starts scripts in the package's directory; a relative path means where npm was run. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd()

function outputPath(arg: string | undefined) {
  const name = `meshwork-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`
  if (!arg) return path.join(invokedFrom, name)
  const target = path.resolve(invokedFrom, arg)
  return existsSync(target) && statSync(target).isDirectory() ? path.join(target, name) : target
}

async function main() {
  const args = process.argv.slice(2)
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error(usage)
    return 2
  }
  const output = outputPath(args[0])
  if (existsSync(output)) {
    console.error(`${output} already exists: name another file (or a directory, for a timestamped name).`)
    return 1
  }
  if (!existsSync(path.dirname(output))) {
    console.error(`The directory ${path.dirname(output)} does not exist.`)
    return 1
  }
  const env = parseEnv()
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
    const { manifest, bytes } = await createBackup({
      connectionString: database.connectionString,
      databaseKind: database.kind,
      store,
      dataDir: env.dataDir,
      output,
      report: (line) => console.warn(`warning: ${line}`),
    })
    const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0)
    const fileBytes = manifest.files.reduce((n, f) => n + f.size, 0)
    console.log(
      `Backup written to ${output} (${formatBytes(bytes)}): ${rows} rows in ${manifest.database.tables.length} tables, ` +
        `${manifest.files.length} files (${formatBytes(fileBytes)})` +
        (manifest.missingFiles.length ? `, ${manifest.missingFiles.length} listed file(s) missing from the storage` : '') +
        (manifest.authSecret ? ', and DATA_DIR/auth-secret.' : '; no DATA_DIR/auth-secret (AUTH_SECRET must be kept with the configuration).'),
    )
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(78)
    }
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(error instanceof DataDirInUseError ? 75 : 1)
  },
)
