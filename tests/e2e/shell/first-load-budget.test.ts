import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routeTable } from '../../../lib/route-table'
import { FIRST_LOAD_JS_GOAL_KIB, gzipKiB, referencedModules } from '../../setup/first-load'
import { startedForSuite } from '../../setup/started-for-suite'
import { startTestServer } from '../../setup/test-server'

// The size of what a first visit must download is a property of the build, not of the machine, so
// the goal is checked here; `npm run bench -- lighthouse` prints the figures and the files.
const clientDir = path.resolve(import.meta.dirname, '../../..', process.env.BUILD_DIR ?? 'build', 'client')
const publicRoutes = routeTable.filter((r) => !r.path.startsWith('/profile')).map((r) => r.path)

describe('first-load JavaScript of the public pages', () => {
  const server = startedForSuite(
    () => startTestServer(),
    async (started) => {
      await started.stop()
      started.cleanup()
    },
  )

  it.each(publicRoutes)(`%s loads at most ${FIRST_LOAD_JS_GOAL_KIB} KiB (gzip) before any interaction`, async (route) => {
    const html = await (await fetch(server().url + route)).text()
    const modules = referencedModules(html, clientDir)
    // The entry, the framework and the shell at least: a page whose scripts were not found fails here.
    expect(modules.length).toBeGreaterThanOrEqual(3)
    expect(gzipKiB(clientDir, modules)).toBeGreaterThan(100)
    expect(gzipKiB(clientDir, modules)).toBeLessThanOrEqual(FIRST_LOAD_JS_GOAL_KIB)
  })
})
