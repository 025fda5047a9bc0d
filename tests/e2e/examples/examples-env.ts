import { axeWhenSettled } from '../../setup/axe'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { launchBrowser } from '../../setup/browser'
import { startedForSuite } from '../../setup/started-for-suite'
import { startTestServer, type TestServer } from '../../setup/test-server'

export interface ConsoleError {
  text: string
  /** The resource the message is about, when the browser names one (failed loads). */
  url: string
}

export interface ExamplesPage {
  page: Page
  context: BrowserContext
  errors: ConsoleError[]
}

export interface ExamplesEnv {
  server: TestServer
  browser: Browser
  /** A fresh context and page, not yet navigated; console errors and page errors are recorded. */
  newPage(): Promise<ExamplesPage>
  stop(): Promise<void>
}

/** The production build served by the real server, and Debian's Chromium. */
export async function startExamplesEnv(): Promise<ExamplesEnv> {
  const server = await startTestServer()
  const browser = await launchBrowser()
  return {
    server,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url })
      const page = await context.newPage()
      const errors: ConsoleError[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push({ text: msg.text(), url: msg.location().url })
      })
      page.on('pageerror', (error) => errors.push({ text: error.message, url: '' }))
      return { page, context, errors }
    },
    async stop() {
      await browser.close().catch(() => {})
      await server.stop()
      server.cleanup()
    },
  }
}

/** The examples' environment for the tests of the describe block that calls it: started before the first, stopped after the last. */
export function useExamplesEnv(): Omit<ExamplesEnv, 'stop'> {
  const env = startedForSuite(startExamplesEnv, (started) => started.stop())
  return {
    get server() {
      return env().server
    },
    get browser() {
      return env().browser
    },
    newPage: () => env().newPage(),
  }
}

/** Resolves once React has hydrated the page (its event handlers are attached to the DOM). */
export async function waitForHydration(page: Page, selector = 'main button, main a') {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel)
    return !!el && Object.keys(el).some((key) => key.startsWith('__reactProps'))
  }, selector)
}

export async function expectNoAxeViolations(page: Page) {
  const results = await (await axeWhenSettled(page)).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

export function expectNoConsoleErrors(errors: ConsoleError[]) {
  expect(errors.map((e) => `${e.text} ${e.url}`)).toEqual([])
}
