import { spawn } from 'node:child_process'
import path from 'node:path'
import type { PortalServer } from './portal-server'

const root = path.resolve(import.meta.dirname, '../../../..')

/** Runs `npm run admin -- <args>` (server/cli/admin.ts) against the portal's embedded database, as an operator would while it runs. */
export function runAdminCommand(portal: PortalServer, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/admin.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: portal.dataDir, DATABASE_URL: '' },
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c))
    child.stderr.on('data', (c: Buffer) => (out += c))
    child.on('exit', (code) => resolve({ code, out }))
  })
}
