import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import fs, { type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import pg from 'pg'
import type { BlobStore } from '../storage/blobs/blob-store'
import { AUTH_SECRET_ENTRY, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, backupManifestSchema, fileEntryName, MANIFEST_ENTRY, type BackupManifest } from './backup-manifest'
import { SIGNATURE_ENTRY, signManifest } from './backup-signature'
import { dumpDatabase, DUMP_SESSION_SETTINGS } from './dump-database'
import { createTarWriter } from './tar-writer'

export interface CreateBackupOptions {
  connectionString: string
  databaseKind: BackupManifest['database']['kind']
  store: BlobStore
  /** Where auth-secret is read from, when there is one. */
  dataDir: string
  /** The archive to write; it appears under this name only once complete, and never replaces a file there. */
  output: string
  /** Signs the manifest (backup-signature.ts) with this key; unsigned without one. */
  key?: Buffer
  /** Warnings and retries, for the operator. */
  report?: (line: string) => void
  /** How many snapshots to try while stored files keep changing under the copy. */
  attempts?: number
}

export interface BackupResult {
  path: string
  bytes: number
  manifest: BackupManifest
  signed: boolean
}

interface StoredFileRow {
  path: string
  size: string
  e_tag: string
  content_type: string | null
}

/** A stored_file row read again after the copy: did a change commit since the snapshot? */
const SETTLE_MS = 1000

/**
 * Writes one archive (backup-manifest.ts) of the database and every stored file, consistent with one
 * snapshot:
 * - the rows of every table and the list of stored files are read in one REPEATABLE READ transaction;
 * - each listed file is then copied from the store, keeping the size and eTag of the version read;
 * - a file whose version is not the one its row describes, or that is gone, is looked up again in the
 *   live database: if its row changed or went since the snapshot (an upload replaced it, a user deleted
 *   it), the copy may not match the dump, so the backup starts again from a new snapshot. Otherwise the
 *   bytes are the file's (e.g. a disk file restored from a backup has a new modification time) and
 *   are kept; a file the store has lost is named in `missingFiles`, never listed as held.
 */
export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const attempts = options.attempts ?? 3
  const report = options.report ?? (() => {})
  for (let attempt = 1; ; attempt++) {
    const outcome = await writeArchive(options, report)
    if (outcome.ok) return outcome.result
    if (attempt >= attempts) {
      throw new Error(
        `Stored files kept changing while they were copied (${outcome.changed.slice(0, 5).join(', ')}${outcome.changed.length > 5 ? ', ...' : ''}), ` +
          `${attempts} times: no archive was written. Try again at a quieter time.`,
      )
    }
    report(`${outcome.changed.length} stored file(s) changed while they were copied (${outcome.changed.slice(0, 3).join(', ')}): starting again from a new snapshot.`)
  }
}

type Outcome = { ok: true; result: BackupResult } | { ok: false; changed: string[] }

/**
 * The archive holds password hashes and the session secret, and the directory it goes to may be
 * writable by others. So it is written only into a file this run creates: O_EXCL (a file already
 * there, which its owner may hold open to read, is never reused), O_NOFOLLOW (a symlink planted at the
 * name is not followed to overwrite its target), and mode 600 set on the open file, whatever the umask.
 */
async function openPartial(partial: string): Promise<FileHandle> {
  let handle: FileHandle
  try {
    handle = await fs.open(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ELOOP') {
      throw new Error(`${partial} already exists: another backup to this file is running, or one was cut short. Nothing was written; remove it if no backup is running.`, { cause: error })
    }
    throw error
  }
  try {
    await handle.chmod(0o600)
  } catch (error) {
    await handle.close().catch(() => {})
    await fs.rm(partial, { force: true })
    throw error
  }
  return handle
}

/**
 * Gives the finished archive its name without ever replacing a file there: a hard link fails if the
 * name is taken (by a file or a symlink), where a rename would replace it. A file system without hard
 * links gets a rename after a check.
 */
async function publish(partial: string, output: string) {
  try {
    await fs.link(partial, output)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new Error(`${output} already exists: the archive was not written over it.`, { cause: error })
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error
    if (await fs.lstat(output).then(() => true, () => false)) throw new Error(`${output} already exists: the archive was not written over it.`, { cause: error })
    await fs.rename(partial, output)
    return
  }
  await fs.unlink(partial)
}

async function writeArchive(options: CreateBackupOptions, report: (line: string) => void): Promise<Outcome> {
  const partial = `${options.output}.partial`
  const handle = await openPartial(partial)
  // flush: the stream syncs the file to disk before it closes it (the archive is complete on disk
  // before it gets its name), on the handle opened above, never on a file found again by its name.
  const file = handle.createWriteStream({ flush: true })
  const gzip = createGzip()
  const written = pipeline(gzip, file)
  written.catch(() => {}) // awaited below; a failure meanwhile surfaces through the tar writer
  const tar = createTarWriter(gzip)
  let complete = false
  try {
    const client = new pg.Client({ connectionString: options.connectionString })
    await client.connect()
    let database: BackupManifest['database']
    let rows: StoredFileRow[]
    const createdAt = new Date().toISOString()
    try {
      await client.query(DUMP_SESSION_SETTINGS)
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY')
      database = await dumpDatabase({ client, tar, kind: options.databaseKind })
      rows = (await client.query<StoredFileRow>('SELECT path, size::text, e_tag, content_type FROM stored_file ORDER BY path')).rows
      // The snapshot has given all it must; the files are checked against it below, so no transaction
      // stays open (holding back vacuum) while gigabytes are copied.
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      await client.end().catch(() => {})
      throw error
    }

    const files: BackupManifest['files'] = []
    const unlike: StoredFileRow[] = []
    const absent: StoredFileRow[] = []
    try {
      for (const row of rows) {
        const opened = await options.store.open(row.path)
        if (!opened) {
          absent.push(row)
          continue
        }
        const hash = createHash('sha256')
        try {
          await tar.addStream(fileEntryName(row.path), opened.size, opened.body, (chunk) => hash.update(chunk))
        } catch (error) {
          opened.body.destroy() // its file handle or connection, left half read
          throw error
        }
        files.push({ path: row.path, size: opened.size, sha256: hash.digest('hex'), contentType: row.content_type })
        if (opened.eTag !== row.e_tag || opened.size !== Number(row.size)) unlike.push(row)
      }
      if (unlike.length || absent.length) {
        // An upload puts the bytes in the store a moment before its row commits: give it that moment.
        await new Promise((r) => setTimeout(r, SETTLE_MS))
        const suspects = [...unlike, ...absent]
        const { rows: live } = await client.query<StoredFileRow>('SELECT path, size::text, e_tag, content_type FROM stored_file WHERE path = ANY($1)', [suspects.map((r) => r.path)])
        const now = new Map(live.map((r) => [r.path, r]))
        const changed = suspects.filter((r) => now.get(r.path)?.e_tag !== r.e_tag || now.get(r.path)?.size !== r.size).map((r) => r.path)
        if (changed.length) return { ok: false, changed }
      }
    } finally {
      await client.end().catch(() => {})
    }
    for (const row of unlike) {
      const held = files.find((f) => f.path === row.path)!
      if (held.size !== Number(row.size)) report(`${row.path}: the store holds ${held.size} bytes where the database records ${row.size}; archived as stored.`)
    }
    for (const row of absent) report(`${row.path}: listed in the database but missing from the file storage; the archive cannot hold it (named under missingFiles in the manifest).`)

    const secret = await fs.readFile(path.join(options.dataDir, 'auth-secret')).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (secret) await tar.addBuffer(AUTH_SECRET_ENTRY, secret)

    // Checked as a restore will check it, so an archive that could not be read back is never written.
    const manifest: BackupManifest = backupManifestSchema.parse({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt,
      database,
      storage: { kind: options.store.kind },
      files,
      missingFiles: absent.map((r) => r.path),
      authSecret: secret ? { size: secret.length, sha256: createHash('sha256').update(secret).digest('hex') } : null,
    } satisfies BackupManifest)
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n')
    await tar.addBuffer(MANIFEST_ENTRY, manifestBytes)
    if (options.key) await tar.addBuffer(SIGNATURE_ENTRY, signManifest(manifestBytes, options.key))
    await tar.finish()
    gzip.end()
    await written
    await publish(partial, options.output)
    complete = true
    const { size } = await fs.stat(options.output)
    return { ok: true, result: { path: options.output, bytes: size, manifest, signed: options.key !== undefined } }
  } finally {
    if (!complete) {
      gzip.destroy()
      await written.catch(() => {})
      await handle.close().catch(() => {})
      await fs.rm(partial, { force: true })
    }
  }
}
