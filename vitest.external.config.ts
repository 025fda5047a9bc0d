import { defineConfig } from 'vitest/config'

// Suites against the system PostgreSQL (127.0.0.1:5432, database `test`) and Redis (127.0.0.1:6379).
// Run on CI by scripts/test.mjs; elsewhere it says they were not run and why.
export default defineConfig({
  test: {
    include: ['tests/external/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    // An error nothing caught fails the test during which it happened, not the run after it.
    setupFiles: ['tests/setup/fail-on-uncaught-error.ts'],
    // expect.poll gives up after 1 s by default: too little on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
})
