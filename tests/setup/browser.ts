import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

const root = path.resolve(import.meta.dirname, '../..')
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

export interface TrackedPage {
  page: Page
  context: BrowserContext
  /** console.error messages and uncaught page errors seen so far. */
  errors: string[]
}

/**
 * Every page opened by newTrackedPage, with how many of its errors were already checked. After each
 * browser test (tests/setup/fail-on-page-errors.ts) the errors logged since the last check fail the
 * test unless the test allowed them by name (allowPageErrors): a console error or an uncaught page
 * error is a failure by default.
 */
const watched = new Map<TrackedPage, { checked: number; closed: boolean }>()
let allowed: RegExp[] = []

/** Errors this test provokes on purpose (a refused request, a dropped connection), by pattern. */
export function allowPageErrors(...patterns: RegExp[]) {
  allowed.push(...patterns)
}

/** The errors logged since the last call that no allowPageErrors pattern matches; then forgets the patterns. */
export function takeUnexpectedPageErrors(): string[] {
  const unexpected: string[] = []
  for (const [tracked, state] of watched) {
    const fresh = tracked.errors.slice(state.checked)
    state.checked = tracked.errors.length
    unexpected.push(...fresh.filter((e) => !allowed.some((pattern) => pattern.test(e))))
    if (state.closed) watched.delete(tracked)
  }
  allowed = []
  return unexpected
}

/** A fresh context and page that records console errors, page errors and Content-Security-Policy violations. */
export async function newTrackedPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<TrackedPage> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  // Anything the Content-Security-Policy blocks counts as an error too.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content-Security-Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`))
  })
  const tracked = { page, context, errors }
  watched.set(tracked, { checked: 0, closed: false })
  context.on('close', () => {
    const state = watched.get(tracked)
    if (state) state.closed = true
  })
  return tracked
}

/** Keeps a screenshot of a failed test under test-results/. */
export async function screenshotOnFailure(page: Page | undefined, name: string) {
  if (!page || page.isClosed()) return
  const dir = path.join(root, 'test-results')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`), fullPage: true }).catch(() => {})
}
