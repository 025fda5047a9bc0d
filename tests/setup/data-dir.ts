import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LOCK_FILE } from '../../server/db/data-dir-lock'
import { freePort } from './free-port'

/** Where the global setup (data-dir-template.ts) left a migrated, stopped embedded PostgreSQL. */
export const DATA_DIR_TEMPLATE_VARIABLE = 'SITE_TEST_DATA_DIR_TEMPLATE'

/**
 * A temporary DATA_DIR for one test server. With the global setup's template, it holds a copy of an
 * initialised and migrated embedded PostgreSQL on a port of its own, so the server skips initdb and the
 * migrations; `{ empty: true }` (or no template, as in the benches) gives an empty one, for the tests
 * of what a first start does.
 */
export async function newDataDir(prefix: string, { empty = false }: { empty?: boolean } = {}): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  const template = process.env[DATA_DIR_TEMPLATE_VARIABLE]
  if (empty || !template || !existsSync(template)) return dir
  // `cp -a` keeps the owner: as root, the cluster belongs to the `postgres` user PostgreSQL runs as.
  execFileSync('cp', ['-a', `${template}/.`, dir])
  // Released when the template's database closed; never copy an owner with it.
  rmSync(path.join(dir, LOCK_FILE), { force: true })
  // Copies started together must not all try the template's port.
  const settingsFile = path.join(dir, 'postgres.json')
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as { port: number; password: string }
  writeFileSync(settingsFile, JSON.stringify({ ...settings, port: await freePort() }), { mode: 0o600 })
  return dir
}
