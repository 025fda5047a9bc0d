// `npm test`: unit and integration tests, then the browser tests against the production build,
// then (on CI) the suites against the system PostgreSQL and Redis.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (p) => path.join(root, 'node_modules', p)
const run = (label, args, extraEnv = {}) => {
  console.log(`\n=== ${label} ===`)
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } })
  return r.status ?? 1
}

const results = []
// Integration tests start the production server too: build once (into BUILD_DIR, `build` by default) for every step.
results.push(['production build', run('production build', [bin('@react-router/dev/bin.cjs'), 'build'], { NODE_ENV: 'production' })])
if (results.at(-1)[1] !== 0) {
  console.log('\nThe build failed: no tests ran.')
  process.exit(1)
}
process.env.SKIP_BUILD = '1'
results.push(['unit and integration', run('unit and integration tests', [bin('vitest/vitest.mjs'), 'run'])])
results.push(['chromium', run('browser check', [path.join(root, 'scripts/ensure-chromium.mjs')])])
if (results.at(-1)[1] === 0) results.push(['end-to-end', run('end-to-end tests (Chromium)', [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts'])])

if (process.env.CI === 'true' || process.env.RUN_EXTERNAL === '1') {
  results.push(['system PostgreSQL and Redis', run('system PostgreSQL (127.0.0.1:5432/test) and Redis (127.0.0.1:6379) suites', [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.external.config.ts'])])
} else {
  console.log('\n=== system PostgreSQL and Redis suites: NOT RUN ===')
  console.log('They need the servers at 127.0.0.1:5432 (database `test`) and 127.0.0.1:6379 and run on CI (CI=true).')
  console.log('Run them here with RUN_EXTERNAL=1 npm test, or npx vitest run --config vitest.external.config.ts.')
}

console.log('\n=== summary ===')
for (const [name, code] of results) console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${name}`)
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0)
