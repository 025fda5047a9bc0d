import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { expect } from 'vitest'
import { applyMigrationsUpTo } from '../../../../server/backup/apply-migrations'
import { migrationsFolder } from '../../../../server/db/open-database'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database'

/**
 * A scratch database whose schema is the site's as it was just before the migration whose tag ends
 * with `tag`, and a client connected to it: a test writes the rows of that time, applies the
 * migrations and checks what became of them.
 */
export async function databaseBeforeMigration(tag: string): Promise<{ scratch: ScratchDatabase; client: pg.Client }> {
  const scratch = await createScratchDatabase()
  const client = new pg.Client({ connectionString: scratch.url })
  await client.connect()
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] }
  const before = journal.entries.findIndex((e) => e.tag.endsWith(tag))
  expect(before).toBeGreaterThan(0)
  await applyMigrationsUpTo(
    client,
    journal.entries.slice(0, before).map((e) => ({ createdAt: e.when, hash: '' })),
  )
  return { scratch, client }
}
