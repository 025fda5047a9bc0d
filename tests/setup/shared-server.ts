import type { TestProject } from 'vitest/node'
import { spawnTestServer, type TestServer } from './test-server'

/**
 * One production server for every browser test that needs no settings of its own (startTestServer()
 * without options), started once for the run instead of once per file, and stopped at its end.
 */
let server: TestServer | undefined

export async function setup(project: TestProject) {
  server = await spawnTestServer({ own: true })
  project.provide('sharedServer', { url: server.url, dataDir: server.dataDir })
}

export async function teardown() {
  await server?.stop()
  server?.cleanup()
}
