import { defineConfig } from 'vitest/config'

// Unit tests and server integration tests (real embedded PostgreSQL, real HTTP on loopback).
export default defineConfig({
  test: {
    include: ['{app,lib,server,content,tests/integration}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'build/**', 'data/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    maxWorkers: 2,
  },
})
