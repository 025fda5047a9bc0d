import { createHash } from 'node:crypto'
import type pg from 'pg'
import { tableChunkEntryName, type BackupManifest } from './backup-manifest'
import { quoteIdentifier } from './quote-identifier'
import type { TarWriter } from './tar-writer'

/** Rows are written in entries of about this size, so a large table never sits in memory whole. */
const CHUNK_BYTES = 8 * 1024 * 1024
const FETCH_ROWS = 2000

/**
 * The session settings under which every value's text is written and read back unambiguously
 * (timestamps in UTC ISO form, floats with every digit, bytea in hex).
 */
export const DUMP_SESSION_SETTINGS = `SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 3; SET bytea_output = 'hex'`

export interface DumpDatabaseOptions {
  client: pg.ClientBase
  tar: TarWriter
  kind: BackupManifest['database']['kind']
}

/**
 * Writes the rows of every table of the `public` schema into `tar`, through `client`, which must be
 * inside the REPEATABLE READ transaction that is the backup's snapshot. Each value is written as
 * PostgreSQL's own text for it (`::text`), which its type reads back exactly, whatever the type.
 * The schema itself is not dumped: it is the migrations listed in the manifest, which a restore replays.
 */
export async function dumpDatabase({ client, tar, kind }: DumpDatabaseOptions): Promise<BackupManifest['database']> {
  const migrations = await client
    .query<{ hash: string; created_at: string }>('SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at')
    .catch((error: { code?: string }) => {
      if (error.code === '42P01' || error.code === '3F000') throw new Error('The database has no tables of this site yet (no migrations were applied): there is nothing to back up.')
      throw error
    })
  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version')

  const { rows: tableRows } = await client.query<{ oid: number; name: string }>(
    `SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  )
  const { rows: foreignKeys } = await client.query<{ child: number; parent: number }>(
    `SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  )

  const tables: BackupManifest['database']['tables'] = []
  for (const table of orderByForeignKeys(tableRows, foreignKeys)) {
    const { rows: columnRows } = await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [table.oid],
    )
    const columns = columnRows.map((c) => c.name)
    tables.push({ name: table.name, columns, ...(await dumpTable(client, tar, table.name, columns)) })
  }

  const { rows: sequenceRows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  )
  const sequences: BackupManifest['database']['sequences'] = []
  for (const { name } of sequenceRows) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${quoteIdentifier(name)}`)
    sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called })
  }

  return {
    kind,
    serverVersion: version[0]!.server_version,
    migrations: migrations.rows.map((m) => ({ createdAt: Number(m.created_at), hash: m.hash })),
    tables,
    sequences,
  }
}

async function dumpTable(client: pg.ClientBase, tar: TarWriter, table: string, columns: string[]) {
  const select = columns.map((c) => `${quoteIdentifier(c)}::text`).join(', ')
  await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${select} FROM public.${quoteIdentifier(table)}`)
  const chunks: BackupManifest['database']['tables'][number]['chunks'] = []
  let lines: Buffer[] = []
  let bytes = 0
  let rowsInChunk = 0
  let rows = 0
  const flush = async () => {
    const data = Buffer.concat(lines, bytes)
    const entry = tableChunkEntryName(table, chunks.length + 1)
    await tar.addBuffer(entry, data)
    chunks.push({ entry, rows: rowsInChunk, size: data.length, sha256: createHash('sha256').update(data).digest('hex') })
    lines = []
    bytes = 0
    rowsInChunk = 0
  }
  for (;;) {
    const batch = await client.query<Array<string | null>>({ text: `FETCH ${FETCH_ROWS} FROM backup_rows`, rowMode: 'array' })
    for (const row of batch.rows) {
      const line = Buffer.from(JSON.stringify(row) + '\n', 'utf8')
      lines.push(line)
      bytes += line.length
      rowsInChunk++
      rows++
      if (bytes >= CHUNK_BYTES) await flush()
    }
    if (batch.rows.length < FETCH_ROWS) break
  }
  if (rowsInChunk > 0) await flush()
  await client.query('CLOSE backup_rows')
  return { rows, chunks }
}

/** Parents before children (Kahn's algorithm, by name among equals); tables in a cycle go last, by name. */
function orderByForeignKeys<T extends { oid: number; name: string }>(tables: T[], foreignKeys: Array<{ child: number; parent: number }>): T[] {
  const parents = new Map(tables.map((t) => [t.oid, new Set<number>()]))
  for (const fk of foreignKeys) if (fk.child !== fk.parent && parents.has(fk.parent)) parents.get(fk.child)?.add(fk.parent)
  const ordered: T[] = []
  const done = new Set<number>()
  let ready = tables.filter((t) => parents.get(t.oid)!.size === 0)
  while (ready.length) {
    const next = ready[0]!
    ordered.push(next)
    done.add(next.oid)
    ready = tables.filter((t) => !done.has(t.oid) && [...parents.get(t.oid)!].every((p) => done.has(p)))
  }
  return [...ordered, ...tables.filter((t) => !done.has(t.oid))]
}
