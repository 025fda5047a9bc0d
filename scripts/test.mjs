// `npm test`: unit and integration tests, then the browser tests against the production build,
// then (on CI) the suites against the system PostgreSQL and Redis.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (p) => path.join(root, 'node_modules', p)
const run = (label, args, extraEnv = {}) => {
  console.log(`\n=== ${label} ===`)
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } })
  return r.status ?? 1
}

// Each vitest step also writes a JSON report, so the summary at the end can name what failed
// (a log's tail is often all that is kept).
const reportDir = path.join(root, 'test-results')
mkdirSync(reportDir, { recursive: true })
const vitest = (label, file, configArgs = []) => {
  const report = path.join(reportDir, `${file}.json`)
  rmSync(report, { force: true })
  const code = run(label, [bin('vitest/vitest.mjs'), 'run', ...configArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`])
  return [code, report]
}
const failuresIn = (report) => {
  if (!existsSync(report)) return ['(no report: the run stopped before its end)']
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'))
  const lines = []
  for (const file of testResults) {
    const where = path.relative(root, file.name)
    const failed = file.assertionResults.filter((a) => a.status === 'failed')
    for (const a of failed) lines.push(`${where} > ${a.fullName}: ${(a.failureMessages[0] ?? '').split('\n')[0].slice(0, 300)}`)
    if (file.status === 'failed' && failed.length === 0) lines.push(`${where}: ${(file.message || 'failed outside a test').split('\n')[0].slice(0, 300)}`)
  }
  return lines
}

const results = []
// Integration tests start the production server too: build once (into BUILD_DIR, `build` by default) for every step.
results.push(['production build', run('production build', [bin('@react-router/dev/bin.cjs'), 'build'], { NODE_ENV: 'production' })])
if (results.at(-1)[1] !== 0) {
  console.log('\nThe build failed: no tests ran.')
  process.exit(1)
}
process.env.SKIP_BUILD = '1'
results.push(['unit and integration', ...vitest('unit and integration tests', 'unit')])
results.push(['chromium', run('browser check', [path.join(root, 'scripts/ensure-chromium.mjs')])])
if (results.at(-1)[1] === 0) results.push(['end-to-end', ...vitest('end-to-end tests (Chromium)', 'e2e', ['--config', 'vitest.e2e.config.ts'])])

if (process.env.CI === 'true' || process.env.RUN_EXTERNAL === '1') {
  results.push(['system PostgreSQL and Redis', ...vitest('system PostgreSQL (127.0.0.1:5432/test) and Redis (127.0.0.1:6379) suites', 'external', ['--config', 'vitest.external.config.ts'])])
} else {
  console.log('\n=== system PostgreSQL and Redis suites: NOT RUN ===')
  console.log('They need the servers at 127.0.0.1:5432 (database `test`) and 127.0.0.1:6379 and run on CI (CI=true).')
  console.log('Run them here with RUN_EXTERNAL=1 npm test, or npx vitest run --config vitest.external.config.ts.')
}

console.log('\n=== summary ===')
for (const [name, code, report] of results) {
  console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${name}`)
  if (code !== 0 && report) for (const line of failuresIn(report)) console.log(`        ${line}`)
}
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0)
