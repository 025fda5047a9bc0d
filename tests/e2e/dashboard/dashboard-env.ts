import type { Browser, Locator, Page, Route } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'
import { HttpClient } from '../../integration/portal/support/http-client'
import { allowPageErrors, launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from '../../setup/browser'
import { remoteMailbox, type Mailbox } from '../../setup/mailbox'
import { portalPreviewLimit, portalUploadLimit } from '../../setup/shared-server'
import { readingThrough, startedForSuite } from '../../setup/started-for-suite'
import { sharedTestServer, type TestServer } from '../../setup/test-server'
import { cookieHeader, seedUser, signInContext, type SeededUser } from './seed'

export interface DashboardEnv {
  server: TestServer
  mail: Mailbox
  browser: Browser
  /** A fresh verified account (an admin when its name is in the admin names given). */
  user(name: string): Promise<SeededUser>
  /** A page signed in as the user (or a guest), at the path (default /profile), in a window of the given size (default 1280 × 720). */
  open(user: SeededUser | null, path?: string, viewport?: Viewport): Promise<TrackedPage>
  /** An HTTP client that carries the user's session cookies. */
  http(user: SeededUser): HttpClient
  /** The `data` of a GraphQL request made as the user; a GraphQL error throws. */
  gql<T = Record<string, unknown>>(user: SeededUser, query: string, variables?: Record<string, unknown>): Promise<T>
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
    http(user) {
      const client = new HttpClient(server.url)
      for (const cookie of user.cookies) client.cookies.set(cookie.name, cookie.value)
      return client
    },
    async gql<T>(user: SeededUser, query: string, variables: Record<string, unknown> = {}) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieHeader(user), origin: server.url },
        body: JSON.stringify({ query, variables }),
      })
      const body = (await res.json()) as { data?: T; errors?: unknown[] }
      if (body.errors) throw new Error(JSON.stringify(body.errors))
      return body.data as T
    },
    async stop() {
      await browser.close().catch(() => {})
    },
  }
}

/** The dashboard's environment as one describe block uses it. */
export interface DashboardSuiteEnv extends Omit<DashboardEnv, 'stop'> {
  /** A page of its own, signed in as no one and at no address yet (for a test that opens it its own way). */
  newPage(options?: Parameters<Browser['newContext']>[0]): Promise<TrackedPage>
  /** `open`, then waits until the page has hydrated. */
  openHydrated(user: SeededUser | null, path?: string, viewport?: Viewport): Promise<TrackedPage>
  /** A fresh account (`user(name)`) and a hydrated page signed in as it, at the path. */
  openAsNewUser(name: string, path?: string, viewport?: Viewport): Promise<TrackedPage & { user: SeededUser }>
}

/**
 * The dashboard's environment for the tests of the describe block that calls it: started before its
 * first test (with the admin names given) and stopped after its last. Every page a test opens through
 * it is closed after that test; when the test failed, each is first kept as a screenshot named
 * `<name>-<test>`.
 */
export function useDashboardEnv(name: string, adminNames: string[] = []): DashboardSuiteEnv {
  const env = startedForSuite(
    () => startDashboardEnv(adminNames),
    (started) => started.stop(),
  )
  const opened: TrackedPage[] = []
  afterEach(async (ctx) => {
    const pages = opened.splice(0)
    if (ctx.task.result?.state === 'fail') {
      for (const [i, tracked] of pages.entries()) await screenshotOnFailure(tracked.page, `${name}-${ctx.task.name}${i ? `-${i + 1}` : ''}`)
    }
    for (const tracked of pages) await tracked.context.close()
  })
  const open = async (user: SeededUser | null, path?: string, viewport?: Viewport) => {
    const tracked = await env().open(user, path, viewport)
    opened.push(tracked)
    return tracked
  }
  const openHydrated = async (user: SeededUser | null, path?: string, viewport?: Viewport) => {
    const tracked = await open(user, path, viewport)
    await hydrated(tracked.page)
    return tracked
  }
  const calls: Omit<DashboardSuiteEnv, 'server' | 'mail' | 'browser'> = {
    user: (userName) => env().user(userName),
    http: (user) => env().http(user),
    gql: <T,>(user: SeededUser, query: string, variables?: Record<string, unknown>) => env().gql<T>(user, query, variables),
    open,
    async newPage(options) {
      const tracked = await newTrackedPage(env().browser, options)
      opened.push(tracked)
      return tracked
    },
    openHydrated,
    async openAsNewUser(userName, path, viewport) {
      const user = await env().user(userName)
      return { user, ...(await openHydrated(user, path, viewport)) }
    },
  }
  return readingThrough(env, ['server', 'mail', 'browser'], calls)
}

export function uniqueName(prefix: string) {
  counter += 1
  return `${prefix}${counter}`
}

/**
 * Waits until the whole page has hydrated (every form control responds) and its first requests are
 * done, and a portal page's data has arrived (its loading state is gone: on a busy machine the
 * network can fall idle between the page's code and its data request). React hydrates a page in parts: a click on a part already hydrated is handled while the rest
 * is not, and on a busy machine a form submitted then never got its answer shown. So every button
 * and field must carry React's handlers, not only the router's modules be loaded.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    // A portal page's data comes after its document: until it has, the page shows its loading state.
    if (document.querySelector('[data-page-loading]')) return false
    const controls = document.querySelectorAll('button, input, select, textarea')
    return controls.length > 0 && [...controls].every((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))
  })
  await page.waitForLoadState('networkidle')
}

/** Waits until the button's text is `text`, checked at every animation frame, so that a state shown only briefly is seen. */
export async function buttonReads(button: Locator, text: string, options?: { timeout?: number }) {
  const handle = await button.elementHandle()
  await button.page().waitForFunction(({ element, wanted }) => element?.textContent === wanted, { element: handle, wanted: text }, options)
}

/** Holds each form post of the dashboard's pages (their route data, `*.data`) back by `ms`, so the busy state can be seen. */
export function slowDashboardPosts(page: Page, ms: number) {
  return page.route('**/profile.data*', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, ms))
    await route.continue()
  })
}

/**
 * Submits the dashboard form titled by the element with id `titleId`, its post held back by `ms`: the
 * button reads `idle`, then `busy` and is disabled while the post is on its way. Gives the button, to
 * follow what it says next.
 */
export async function submitSlowly(page: Page, titleId: string, ms: number, says: { idle: string; busy: string }): Promise<Locator> {
  await slowDashboardPosts(page, ms)
  const button = page.locator(`form[aria-labelledby="${titleId}"] button[type="submit"]`)
  expect(await button.textContent()).toBe(says.idle)
  await button.click()
  await buttonReads(button, says.busy)
  expect(await button.isDisabled()).toBe(true)
  return button
}

/**
 * Watches the upload chunks the page sends (tus PATCH requests): notes each one's offset in the list it
 * returns and holds each back by `ms`, so the progress can be seen. The first chunk sent past the
 * start is cut: `cut` runs, and the chunk fails with the network error it names.
 */
export async function cutTheSecondChunk(page: Page, ms: number, cut: () => Promise<Parameters<Route['abort']>[0]>) {
  const offsets: number[] = []
  let cutOnce = false
  await page.route('**/uploads/**', async (route) => {
    const request = route.request()
    if (request.method() !== 'PATCH') return route.continue()
    const offset = Number(await request.headerValue('upload-offset'))
    offsets.push(offset)
    await new Promise((r) => setTimeout(r, ms))
    if (!cutOnce && offset > 0) {
      cutOnce = true
      return route.abort(await cut())
    }
    return route.continue()
  })
  return offsets
}


/** Console errors other than the network failures a test caused on purpose. */
export function unexpectedErrors(errors: string[], allowed: RegExp[] = []) {
  // What a test allows here, it allows for the check after the test too (tests/setup/fail-on-page-errors.ts).
  allowPageErrors(...allowed)
  return errors.filter((e) => !allowed.some((r) => r.test(e)))
}
