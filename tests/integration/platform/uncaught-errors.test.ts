import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const fixture = path.join(import.meta.dirname, 'fixtures/uncaught-errors')

interface Report {
  testResults: { status: string; message: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[]
}

// An error nobody caught (a socket's error event without a listener, a rejected promise left behind)
// once ended a run with exit code 1 while every test had passed, naming no test. Now it fails the test
// during which it happened, or the file whose set-up or tear-down left it.
describe('errors nothing caught, in the test suites', () => {
  it('fail the test during which they happened, and the file when they come from its tear-down', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uncaught-'))
    try {
      const output = path.join(dir, 'report.json')
      const run = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', path.join(fixture, 'vitest.config.ts'), '--reporter=json', `--outputFile.json=${output}`],
        { cwd: root, encoding: 'utf8', timeout: 50_000 },
      )
      expect(run.status).toBe(1)
      const [file] = (JSON.parse(readFileSync(output, 'utf8')) as Report).testResults
      const outcome = Object.fromEntries(file!.assertionResults.map((a) => [a.title, [a.status, a.failureMessages.join('\n')]]))
      expect(outcome['throws from a timer']![0]).toBe('failed')
      expect(outcome['throws from a timer']![1]).toContain('thrown from a timer')
      expect(outcome['rejects a promise nobody awaits']![0]).toBe('failed')
      expect(outcome['rejects a promise nobody awaits']![1]).toContain('rejected and left')
      expect(outcome['leaves nothing behind']![0]).toBe('passed')
      expect(file!.status).toBe('failed')
      expect(file!.message).toContain('thrown while the file tears down')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
