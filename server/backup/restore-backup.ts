import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { applyAllMigrations, applyMigrationsUpTo } from './apply-migrations'
import { AUTH_SECRET_ENTRY, fileEntryName, MANIFEST_ENTRY, type BackupManifest } from './backup-manifest'
import { SIGNATURE_ENTRY } from './backup-signature'
import { DUMP_SESSION_SETTINGS } from './dump-database'
import { quoteIdentifier } from './quote-identifier'
import { readBackupArchive } from './read-backup-archive'
import { clearRestoreTarget, findRestoreTargetContents, type RestoreTarget } from './restore-target'
import type { VerifiedBackup } from './verify-backup'

export interface RestoreBackupOptions {
  archive: string
  /** What verifyBackup found in `archive`. */
  backup: VerifiedBackup
  target: RestoreTarget
  /** Replace what the target holds instead of refusing. */
  force: boolean
}

export class RestoreTargetNotEmptyError extends Error {
  constructor(readonly contents: string[]) {
    super(
      `Refusing to restore over what is there:\n${contents.map((c) => `  - ${c}`).join('\n')}\n` +
        'Restore into a fresh DATA_DIR or an empty database and storage, or run again with --force to replace all of it.',
    )
    this.name = 'RestoreTargetNotEmptyError'
  }
}

/** Rows per INSERT: PostgreSQL takes at most 65535 parameters in one statement. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.min(500, Math.floor(65_535 / columns)))

/**
 * Restores a verified archive into an empty target (or, with `force`, one it empties first): the schema
 * at the backup's migration, every row in one transaction, every file through the configured store
 * (checked against its SHA-256 again as it is written), the sequences, DATA_DIR/auth-secret, then the
 * migrations this version has beyond the backup's. A failure on the way empties the target again, so
 * a restore is never left half done.
 */
export async function restoreBackup({ archive, backup, target, force }: RestoreBackupOptions): Promise<void> {
  const { manifest, authSecret } = backup
  const contents = await findRestoreTargetContents(target, authSecret)
  if (contents.length && !force) throw new RestoreTargetNotEmptyError(contents)
  if (contents.length) await clearRestoreTarget(target)

  const { client } = target
  try {
    await applyMigrationsUpTo(client, manifest.database.migrations)
    await checkColumns(target, manifest)
    await client.query(DUMP_SESSION_SETTINGS)
    await client.query('BEGIN')
    // The archive holds every row: a trigger that writes rows of its own (a new account's company) stands aside.
    await client.query(`SET LOCAL meshwork.restoring = 'on'`)
    // Migrations may seed rows (a settings row, say): the archive's rows are the whole truth, so what
    // the replayed migrations wrote goes first. The target held nothing else (checked above).
    if (manifest.database.tables.length) await client.query(`TRUNCATE ${manifest.database.tables.map((t) => `public.${quoteIdentifier(t.name)}`).join(', ')}`)
    const chunks = new Map(manifest.database.tables.flatMap((table) => table.chunks.map((chunk) => [chunk.entry, { table, chunk }] as const)))
    const files = new Map(manifest.files.map((file) => [fileEntryName(file.path), file]))
    await readBackupArchive(archive, async (entry) => {
      const rows = chunks.get(entry.name)
      const file = files.get(entry.name)
      if (rows) {
        const parts: Buffer[] = []
        for await (const part of entry.body) parts.push(part)
        const data = Buffer.concat(parts)
        if (createHash('sha256').update(data).digest('hex') !== rows.chunk.sha256) throw changedSinceVerified(entry.name)
        await insertRows(target, rows.table, data)
      } else if (file) {
        const hash = createHash('sha256')
        let size = 0
        const body = Readable.from(
          (async function* () {
            for await (const part of entry.body) {
              hash.update(part)
              size += part.length
              yield part
            }
          })(),
        )
        await target.store.put(file.path, body, { contentType: file.contentType ?? 'application/octet-stream' })
        if (size !== file.size || hash.digest('hex') !== file.sha256) throw changedSinceVerified(entry.name)
      } else if (entry.name !== MANIFEST_ENTRY && entry.name !== AUTH_SECRET_ENTRY && entry.name !== SIGNATURE_ENTRY) {
        throw changedSinceVerified(entry.name)
      }
    })
    for (const sequence of manifest.database.sequences) {
      await client.query(`SELECT setval($1, $2::bigint, $3)`, [`public.${quoteIdentifier(sequence.name)}`, sequence.lastValue, sequence.isCalled])
    }
    await client.query('COMMIT')
    await applyAllMigrations(client)
    if (authSecret) await writeAuthSecret(target.dataDir, authSecret)
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    const cleared = await clearRestoreTarget(target).then(
      () => true,
      () => false,
    )
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(cleared ? `${reason}\nWhat had been restored was removed again: the target is empty.` : `${reason}\nThe target holds a partial restore: run again with --force to replace it.`, {
      cause: error,
    })
  }
}

function changedSinceVerified(entry: string) {
  return new Error(`The archive changed while it was being restored (${entry} is not what it was when checked).`)
}

/** The restored schema must have the columns the backup's rows were written for. */
async function checkColumns(target: RestoreTarget, manifest: BackupManifest) {
  for (const table of manifest.database.tables) {
    const { rows } = await target.client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [`public.${quoteIdentifier(table.name)}`],
    )
    const have = rows.map((r) => r.name)
    if (have.join(',') !== table.columns.join(',')) {
      throw new Error(`The backup's table ${table.name} has the columns (${table.columns.join(', ')}), but its migrations make (${have.join(', ') || 'no such table'}): the archive does not fit this site.`)
    }
  }
}

async function insertRows(target: RestoreTarget, table: BackupManifest['database']['tables'][number], data: Buffer) {
  const lines = data.toString('utf8').split('\n').filter(Boolean)
  const columns = table.columns.map(quoteIdentifier).join(', ')
  const batch = rowsPerInsert(table.columns.length)
  for (let i = 0; i < lines.length; i += batch) {
    const values: Array<string | null> = []
    const tuples: string[] = []
    for (const line of lines.slice(i, i + batch)) {
      const row = JSON.parse(line) as Array<string | null>
      if (!Array.isArray(row) || row.length !== table.columns.length) throw new Error(`A row of ${table.name} in the archive does not have its ${table.columns.length} columns.`)
      tuples.push(`(${row.map((_, c) => `$${values.length + c + 1}`).join(', ')})`)
      values.push(...row)
    }
    // Each value is PostgreSQL's own text for it: the column's type reads it back exactly.
    await target.client.query(`INSERT INTO public.${quoteIdentifier(table.name)} (${columns}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`, values)
  }
}

async function writeAuthSecret(dataDir: string, secret: Buffer) {
  const file = path.join(dataDir, 'auth-secret')
  const temp = `${file}.${randomUUID()}`
  await mkdir(dataDir, { recursive: true })
  try {
    await writeFile(temp, secret, { mode: 0o600 })
    await rename(temp, file)
  } finally {
    await rm(temp, { force: true })
  }
}
