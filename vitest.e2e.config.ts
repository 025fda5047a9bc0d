import { defineConfig } from 'vitest/config'

// End-to-end tests: the production build served by the real server, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/setup/global-build.ts'],
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: too little on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
})
