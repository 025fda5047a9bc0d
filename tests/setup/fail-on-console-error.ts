import { afterEach, vi } from 'vitest'

// A console.error during a test is a failure (Epic Stack, tests/setup/setup-test-env.ts).
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  const seen = errors
  errors = []
  vi.restoreAllMocks()
  if (seen.length) throw new Error(`console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`)
})
