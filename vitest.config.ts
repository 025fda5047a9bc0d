import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'

// graphql ships both index.mjs ("module") and index.js ("main"); Vite would pick the .mjs copy for our
// code while graphql-yoga loads the .js one, and graphql refuses objects from "another realm".
// Node (the real server) always resolves the .js entry: make the tests do the same.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql')

// Two projects: `unit` (pure functions and components next to their code; no server, no database, runs
// in seconds: `npm run test:unit`) and `integration` (tests/integration: the production server, the
// embedded PostgreSQL, real HTTP on loopback: `npm run test:integration`, which builds first unless
// SKIP_BUILD=1). `vitest run` runs both.
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    exclude: ['**/node_modules/**', 'build/**', 'data/**'],
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/fail-on-uncaught-error.ts'],
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: too little on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['{app,lib,server,content,scripts}/**/*.test.{ts,tsx}'], testTimeout: 10_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          // The build, then a migrated embedded PostgreSQL that every test server starts from a copy of.
          globalSetup: ['tests/setup/global-build.ts', 'tests/setup/data-dir-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files in one worker share its loaded modules instead of importing the whole server again for
          // each (about a quarter of the suite's time). Each file still starts its own server and database;
          // the server keeps its state in the app context (server/context/app-context.ts), not in module scope.
          isolate: false,
        },
      },
    ],
  },
})
