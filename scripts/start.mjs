// `npm start`: build when the production build is missing or older than the sources, then serve it.
// The server runs in this process (not a child), so SIGINT/SIGTERM reach it once and its exit code is ours.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync, readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const buildEntry = path.resolve(root, process.env.BUILD_DIR ?? 'build', 'server/index.js')

function newestMtime(p) {
  if (!existsSync(p)) return 0
  const stat = statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

// Route modules bundle server code too, so server/ counts.
const inputs = ['app', 'lib', 'content', 'server', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json']
const sourcesChanged = () => {
  const built = statSync(buildEntry).mtimeMs
  return inputs.some((p) => newestMtime(path.join(root, p)) > built)
}

process.chdir(root)
const { register } = await import('tsx/esm/api')
register()

// A DATA_DIR whose embedded PostgreSQL another process owns: say so before a rebuild could replace the
// files that process is serving (the server checks again, under the lock, before it touches anything).
if (!process.env.DATABASE_URL) {
  const { DataDirInUseError, findDataDirHolder } = await import('../server/db/data-dir-lock.ts')
  const dataDir = path.resolve(process.env.DATA_DIR || './data')
  const holder = findDataDirHolder(dataDir)
  if (holder) {
    console.error(new DataDirInUseError(dataDir, holder).message)
    process.exit(75) // EX_TEMPFAIL, as the server itself
  }
}

if (!existsSync(buildEntry) || sourcesChanged()) {
  console.log(existsSync(buildEntry) ? 'Sources changed since the last build: building the site...' : 'Building the site...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('../server/main.ts')
