import type { Browser, Page } from 'playwright-core'
import { inject } from 'vitest'
import { allowPageErrors, launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from '../../setup/browser'
import { remoteMailbox, type Mailbox } from '../../setup/mailbox'
import { portalPreviewLimit, portalUploadLimit } from '../../setup/shared-server'
import { sharedTestServer, type TestServer } from '../../setup/test-server'
import { seedUser, signInContext, type SeededUser } from './seed'

export interface DashboardEnv {
  server: TestServer
  mail: Mailbox
  browser: Browser
  /** A fresh verified account (an admin when its name is in the admin names given). */
  user(name: string): Promise<SeededUser>
  /** A new browser page signed in as the user, on /profile (or `path`). */
  /** A page signed in as the user (or a guest), at the path, in a window of the given size (default 1280 × 720). */
  open(user: SeededUser | null, path?: string, viewport?: Viewport): Promise<TrackedPage>
  stop(): Promise<void>
}

let counter = 0

export interface Viewport {
  name: string
  width: number
  height: number
}

/** The widths the portal's browser tests walk: a desktop and a phone. */
export const viewports: Viewport[] = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]

/** The uploads limit the dashboard tests run with (small, so "too large" is quick to show). */
export const testUploadLimit = portalUploadLimit
/** The preview limit they run with. */
export const testPreviewLimit = portalPreviewLimit

/**
 * The client portal's shared production server (embedded PostgreSQL, started once for the run by the
 * global setup, with a local SMTP receiver whose mails are read over loopback), and a Chromium of this
 * file's own. Files keep apart by their own accounts: each call names its users with a run of its own.
 */
export async function startDashboardEnv(adminNames: string[] = []): Promise<DashboardEnv> {
  const portal = inject('portalServer')
  if (!portal) throw new Error('The client portal server is started by the browser tests’ global setup (tests/setup/shared-server.ts)')
  const run = `${process.pid}-${Date.now().toString(36)}-${++counter}`
  const emailOf = (name: string) => `${name}-${run}@example.com`
  const server = sharedTestServer(portal)
  const mail = remoteMailbox(portal.mailboxUrl)
  const browser = await launchBrowser()
  return {
    server,
    mail,
    browser,
    user: (name) => seedUser(server, emailOf(name), { admin: adminNames.includes(name) }),
    async open(user, path = '/profile', viewport) {
      const tracked = await newTrackedPage(browser, { acceptDownloads: true, ...(viewport ? { viewport: { width: viewport.width, height: viewport.height } } : {}) })
      if (user) await signInContext(tracked.context, server.url, user)
      await tracked.page.goto(server.url + path)
      return tracked
    },
    async stop() {
      await browser.close().catch(() => {})
    },
  }
}

export function uniqueName(prefix: string) {
  counter += 1
  return `${prefix}${counter}`
}

/**
 * Waits until the whole page has hydrated (every form control responds) and its first requests are
 * done. React hydrates a page in parts: a click on a part already hydrated is handled while the rest
 * is not, and on a busy machine a form submitted then never got its answer shown. So every button
 * and field must carry React's handlers, not only the router's modules be loaded.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const controls = document.querySelectorAll('button, input, select, textarea')
    return controls.length > 0 && [...controls].every((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))
  })
  await page.waitForLoadState('networkidle')
}

export { screenshotOnFailure }

/** Console errors other than the network failures a test caused on purpose. */
export function unexpectedErrors(errors: string[], allowed: RegExp[] = []) {
  // What a test allows here, it allows for the check after the test too (tests/setup/fail-on-page-errors.ts).
  allowPageErrors(...allowed)
  return errors.filter((e) => !allowed.some((r) => r.test(e)))
}
