// `npm start`: build when the production build is missing or older than the sources, then serve it.
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, statSync, readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const buildEntry = path.join(root, process.env.BUILD_DIR ?? 'build', 'server/index.js')

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

const sourcesChanged = () => ['app', 'lib', 'content'].some((d) => existsSync(path.join(root, d)) && newestMtime(path.join(root, d)) > statSync(buildEntry).mtimeMs)

if (!existsSync(buildEntry) || sourcesChanged()) {
  console.log('Building the site...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
