import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'
import { migrationsFolder } from '../db/open-database'
import type { BackupManifest } from './backup-manifest'

interface Journal {
  entries: Array<{ when: number; tag: string }>
}

/**
 * Brings an empty database to the schema a backup was taken at: the site's migrations up to the last
 * one the backup lists (its rows fit that schema, not necessarily a later one). Refuses a backup whose
 * migrations this version of the site does not have.
 */
export async function applyMigrationsUpTo(client: pg.Client, applied: BackupManifest['database']['migrations']): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal
  const known = journal.entries.slice(0, applied.length)
  const mismatch = applied.findIndex((m, i) => known[i]?.when !== m.createdAt)
  if (mismatch >= 0) {
    throw new Error(
      known.length < applied.length
        ? `The backup's database has ${applied.length} migrations; this version of the site knows ${journal.entries.length}. Restore it with the version that made it, or a newer one.`
        : `The backup's migration ${mismatch + 1} (made at ${applied[mismatch]!.createdAt}) is not this site's migration ${mismatch + 1}: it was made by another version of the site.`,
    )
  }
  // drizzle's migrator applies every migration of a folder: give it a folder with just these.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'restore-migrations-'))
  try {
    await mkdir(path.join(folder, 'meta'))
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: known }))
    for (const entry of known) await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
    await migrate(drizzle(client), { migrationsFolder: folder })
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** Every migration of this version of the site, for a restored database from an older one. */
export async function applyAllMigrations(client: pg.Client): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder })
}
