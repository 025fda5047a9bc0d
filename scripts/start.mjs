// `npm start`: build when the production build is missing or older than the sources, then serve it.
// The server runs in this process (not a child), so SIGINT/SIGTERM reach it once and its exit code is ours.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, statSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
// The React Router server build, and the server itself bundled next to it by the same build (both made together).
const buildEntry = path.join(buildDir, 'server/index.js')
const serverBundle = path.join(buildDir, 'server/main.js')

function newestMtime(p) {
  if (!existsSync(p)) return 0
  const stat = statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

// Route modules bundle server code too, so server/ counts, and so do the build's own steps (scripts/build).
const inputs = ['app', 'lib', 'content', 'server', 'scripts/build', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json']
const sourcesChanged = () => {
  const built = statSync(buildEntry).mtimeMs
  return inputs.some((p) => newestMtime(path.join(root, p)) > built)
}

process.chdir(root)

// A DATA_DIR whose embedded PostgreSQL another process owns: say so before a rebuild could replace the
// files that process is serving (the server checks again, under the lock, before it touches anything).
// (Not in the worker processes of a WEB_CONCURRENCY > 1 server: they run this file again, and their
// primary holds DATA_DIR and built what they serve.)
if (cluster.isPrimary && !process.env.DATABASE_URL) {
  // Loaded from the sources on its own (the build may not exist yet), without a loader for anything else.
  const { tsImport } = await import('tsx/esm/api')
  const { DataDirInUseError, findDataDirHolder } = await tsImport('../server/db/data-dir-lock.ts', import.meta.url)
  const dataDir = path.resolve(process.env.DATA_DIR || './data')
  const holder = findDataDirHolder(dataDir)
  if (holder) {
    console.error(new DataDirInUseError(dataDir, holder).message)
    process.exit(75) // EX_TEMPFAIL, as the server itself
  }
}

if (cluster.isPrimary && (!existsSync(buildEntry) || !existsSync(serverBundle) || sourcesChanged())) {
  console.log(existsSync(serverBundle) ? 'Sources changed since the last build: building the site...' : 'Building the site...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import(pathToFileURL(serverBundle).href)
