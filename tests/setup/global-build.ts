import { spawnSync } from 'node:child_process'
import path from 'node:path'

/** Builds the production bundle (NODE_ENV=production: vitest sets `test`, which would bundle React's development build) once before the end-to-end suites (skipped when SKIP_BUILD=1). */
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return
  const root = path.resolve(import.meta.dirname, '../..')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, ENABLE_TEST_ROUTES: undefined, NODE_ENV: 'production' } })
  if (result.status !== 0) throw new Error('The production build failed')
}
