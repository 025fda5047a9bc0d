// `npm test`: the production build, the unit tests, the integration tests, then the browser tests
// against the build, then (on CI) the suites against the system PostgreSQL and Redis. Each step is
// timed; the summary names every failing test and the time each step took.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (p) => path.join(root, 'node_modules', p)
const seconds = new Map()
const run = (label, args, extraEnv = {}) => {
  console.log(`\n=== ${label} ===`)
  const started = performance.now()
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } })
  seconds.set(label, (performance.now() - started) / 1000)
  return r.status ?? 1
}
const startedAll = performance.now()
// Node keeps the compiled code of what it loads here, so the many test servers a run starts (each a
// process that loads the whole server) compile it once. The cache checks each file's content.
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules/.cache/node-compile-cache')

// Each vitest step also writes a JSON report, so the summary at the end can name what failed
// (a log's tail is often all that is kept).
const reportDir = path.join(root, 'test-results')
mkdirSync(reportDir, { recursive: true })
const vitest = (label, file, configArgs = []) => {
  const report = path.join(reportDir, `${file}.json`)
  rmSync(report, { force: true })
  const code = run(label, [bin('vitest/vitest.mjs'), 'run', ...configArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`])
  return [code, report, label]
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
results.push(['production build', run('production build', [bin('@react-router/dev/bin.cjs'), 'build'], { NODE_ENV: 'production' }), undefined, 'production build'])
if (results.at(-1)[1] !== 0) {
  console.log('\nThe build failed: no tests ran.')
  process.exit(1)
}
process.env.SKIP_BUILD = '1'
results.push(['unit', ...vitest('unit tests', 'unit', ['--project', 'unit'])])
results.push(['integration', ...vitest('integration tests (production server, embedded PostgreSQL)', 'integration', ['--project', 'integration'])])
results.push(['chromium', run('browser check', [path.join(root, 'scripts/ensure-chromium.mjs')]), undefined, 'browser check'])
if (results.at(-1)[1] === 0) results.push(['end-to-end', ...vitest('end-to-end tests (Chromium)', 'e2e', ['--config', 'vitest.e2e.config.ts'])])

if (process.env.CI === 'true' || process.env.RUN_EXTERNAL === '1') {
  results.push(['system PostgreSQL and Redis', ...vitest('system PostgreSQL (127.0.0.1:5432/test) and Redis (127.0.0.1:6379) suites', 'external', ['--config', 'vitest.external.config.ts'])])
} else {
  console.log('\n=== system PostgreSQL and Redis suites: NOT RUN ===')
  console.log('They need the servers at 127.0.0.1:5432 (database `test`) and 127.0.0.1:6379 and run on CI (CI=true).')
  console.log('Run them here with RUN_EXTERNAL=1 npm test, or npm run test:external.')
}

console.log('\n=== summary ===')
for (const [name, code, report, label] of results) {
  const took = seconds.get(label)
  console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${name}${took === undefined ? '' : ` (${took.toFixed(0)} s)`}`)
  if (code !== 0 && report) {
    const lines = failuresIn(report)
    // Vitest ends a run with 1 for an error no test caught even when every test passed (its "Unhandled
    // Errors" section above says what and where); the suites' set-up turns most of those into failed tests.
    if (lines.length === 0) lines.push(`exit code ${code} although no test failed: an error outside the tests, see "Unhandled Errors" above`)
    for (const line of lines) console.log(`        ${line}`)
  }
}
console.log(`total ${((performance.now() - startedAll) / 1000).toFixed(0)} s`)
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0)
