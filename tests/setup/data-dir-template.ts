import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../server/db/open-database'
import { createLogger } from '../../server/logger'
import { DATA_DIR_TEMPLATE_VARIABLE } from './data-dir'

/**
 * Global setup: one DATA_DIR whose embedded PostgreSQL is initialised and migrated, stopped cleanly.
 * Test servers start from a copy of it (tests/setup/data-dir.ts) instead of running initdb and every
 * migration again: seconds per server on a busy two-core machine. The tests about a first start
 * (initdb, migrations on an empty cluster) ask for an empty directory.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-template-'))
  const database = await openDatabase({ dataDir: dir, log: createLogger('silent') })
  await database.close()
  // Read by the test workers, which start after this and inherit the environment.
  process.env[DATA_DIR_TEMPLATE_VARIABLE] = dir
  return () => {
    delete process.env[DATA_DIR_TEMPLATE_VARIABLE]
    rmSync(dir, { recursive: true, force: true })
  }
}
