import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from './browser'
import { startTestServer, type TestServer, type TestServerOptions } from './test-server'

type ContextOptions = Parameters<Browser['newContext']>[0]

export interface BrowserSuite {
  readonly server: TestServer
  readonly browser: Browser
  /** The current test's page, if it opened one. */
  readonly tracked: TrackedPage | undefined
  /** A fresh context and page for this test, recording console errors and policy violations; closed after the test. */
  newPage(options?: ContextOptions): Promise<TrackedPage>
}

/**
 * What most browser suites set up: one production server and one Chromium for the file, and a fresh
 * page per test, closed after it (with a screenshot under test-results/ when the test failed). A console
 * error or page error fails the test (tests/setup/fail-on-page-errors.ts) unless it calls allowPageErrors.
 * Call it inside `describe`.
 */
export function browserSuite({
  server: serverOptions = () => ({}),
  screenshotPrefix = '',
}: {
  /** Read when the suite starts, so it may use what an earlier `beforeAll` started (a mail receiver, say). */
  server?: () => TestServerOptions
  /** Before the test name, in the screenshot's file name. */
  screenshotPrefix?: string
} = {}): BrowserSuite {
  let server: TestServer | undefined
  let browser: Browser | undefined
  let tracked: TrackedPage | undefined
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startTestServer(serverOptions()), launchBrowser()])
  })
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await screenshotOnFailure(tracked?.page, screenshotPrefix + test.task.name)
    await tracked?.context.close()
    tracked = undefined
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    server?.cleanup()
  })
  return {
    get server() {
      if (!server) throw new Error('The suite has not started yet')
      return server
    },
    get browser() {
      if (!browser) throw new Error('The suite has not started yet')
      return browser
    },
    get tracked() {
      return tracked
    },
    async newPage(options: ContextOptions = {}) {
      if (!browser) throw new Error('The suite has not started yet')
      tracked = await newTrackedPage(browser, options)
      return tracked
    },
  }
}
