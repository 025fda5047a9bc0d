import { defineConfig } from 'vitest/config'

// End-to-end tests: the production build served by the real server, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // The build first, then the one server the browser tests share, and a migrated embedded PostgreSQL
    // that a test's own server starts from a copy of.
    globalSetup: ['tests/setup/global-build.ts', 'tests/setup/shared-server.ts', 'tests/setup/data-dir-template.ts'],
    // A console error or page error in the browser fails the test unless the test allows it by name;
    // an error nothing caught in the test runner fails the test during which it happened.
    setupFiles: ['tests/setup/fail-on-page-errors.ts', 'tests/setup/fail-on-uncaught-error.ts'],
    maxWorkers: 2,
    // Files in one worker share its loaded modules (Playwright, the helpers) instead of loading them again
    // for each file; every file still opens its own browser contexts and, where it needs one, server.
    isolate: false,
    // expect.poll gives up after 1 s by default: too little on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
})
