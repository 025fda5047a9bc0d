import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'

// graphql ships both index.mjs ("module") and index.js ("main"); Vite would pick the .mjs copy for our
// code while graphql-yoga loads the .js one, and graphql refuses objects from "another realm".
// Node (the real server) always resolves the .js entry: make the tests do the same.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql')

// Unit tests and server integration tests (real embedded PostgreSQL, real HTTP on loopback).
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    include: ['{app,lib,server,content,tests/integration}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'build/**', 'data/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: too little on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
})
