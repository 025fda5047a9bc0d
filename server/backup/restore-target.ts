import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import type { BlobStore } from '../storage/blobs/blob-store'
import { quoteIdentifier } from './quote-identifier'

/**
 * Where a restore writes: a database (DATABASE_URL, or DATA_DIR's embedded one), the configured file
 * storage, and DATA_DIR (auth-secret; partial uploads under uploads/).
 */
export interface RestoreTarget {
  client: pg.Client
  /** The database in words, without its password. */
  databaseDescription: string
  store: BlobStore
  /** The storage in words: a directory or a bucket. */
  storageDescription: string
  /** The disk store's directory (DATA_DIR/files); undefined for a bucket. */
  diskRoot: string | undefined
  dataDir: string
}

/**
 * What the target already holds, one line per place, or none when it is empty. A restore replaces
 * all of it, so it goes ahead over these only when told to (--force).
 */
export async function findRestoreTargetContents(target: RestoreTarget, authSecret: Buffer | undefined): Promise<string[]> {
  const found: string[] = []
  const { rows } = await target.client.query<{ tables: number; others: number }>(
    `SELECT count(*) FILTER (WHERE c.relkind IN ('r', 'p'))::int AS tables, count(*)::int AS others
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'c')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`,
  )
  if (rows[0]!.others > 0) found.push(`${target.databaseDescription} is not empty (${rows[0]!.tables} tables)`)
  for await (const key of target.store.list()) {
    void key
    found.push(`${target.storageDescription} holds files`)
    break
  }
  if (authSecret) {
    const existing = await readFile(path.join(target.dataDir, 'auth-secret')).catch(() => undefined)
    if (existing && !existing.equals(authSecret)) found.push(`${path.join(target.dataDir, 'auth-secret')} holds another secret (its sessions would end)`)
  }
  return found
}

/**
 * Empties the target: every table, view, sequence, function and type of the `public` schema (those
 * of extensions stay), drizzle's migration records, every stored file and every partial upload.
 */
export async function clearRestoreTarget(target: RestoreTarget): Promise<void> {
  const { client } = target
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE')
  const notFromExtension = (catalog: string, alias: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${alias}.oid AND d.deptype = 'e')`
  const { rows: relations } = await client.query<{ name: string; relkind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND ${notFromExtension('pg_class', 'c')}`,
  )
  const dropKind: Record<string, string> = { r: 'TABLE', p: 'TABLE', v: 'VIEW', m: 'MATERIALIZED VIEW', S: 'SEQUENCE' }
  for (const relation of relations) await client.query(`DROP ${dropKind[relation.relkind]} IF EXISTS public.${quoteIdentifier(relation.name)} CASCADE`)
  const { rows: functions } = await client.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND ${notFromExtension('pg_proc', 'p')}`,
  )
  for (const fn of functions) await client.query(`DROP ROUTINE IF EXISTS ${fn.signature} CASCADE`)
  const { rows: types } = await client.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'c', 'r', 'm')
       AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c') AND ${notFromExtension('pg_type', 't')}`,
  )
  for (const type of types) await client.query(`DROP TYPE IF EXISTS public.${quoteIdentifier(type.name)} CASCADE`)

  if (target.diskRoot) {
    // Also the temporary names of writes that never finished, which list() leaves out.
    await rm(target.diskRoot, { recursive: true, force: true })
  } else {
    for await (const key of target.store.list()) await target.store.delete(key)
  }
  await rm(path.join(target.dataDir, 'uploads'), { recursive: true, force: true })
}
