import type { Browser, Page } from 'playwright-core'
import { allowPageErrors, launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from '../../setup/browser'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { startSmtpReceiver, type SmtpReceiver } from '../../setup/smtp-receiver'
import { seedUser, signInContext, type SeededUser } from './seed'

export interface DashboardEnv {
  server: TestServer
  mail: SmtpReceiver
  browser: Browser
  /** A fresh verified account (an admin when its email is in adminEmails). */
  user(name: string): Promise<SeededUser>
  /** A new browser page signed in as the user, on /profile (or `path`). */
  open(user: SeededUser | null, path?: string): Promise<TrackedPage>
  stop(): Promise<void>
}

let counter = 0

/** The uploads limit the dashboard tests run with (small, so "too large" is quick to show). */
export const testUploadLimit = 20 * 1024 * 1024

/** Real server (embedded PostgreSQL, own data dir), a local SMTP receiver and Chromium. */
export async function startDashboardEnv(adminNames: string[] = [], extraEnv: Record<string, string> = {}): Promise<DashboardEnv> {
  const run = `${process.pid}-${Date.now().toString(36)}`
  const emailOf = (name: string) => `${name}-${run}@example.com`
  const mail = await startSmtpReceiver()
  const server = await startTestServer({
    env: {
      SMTP_URL: mail.url,
      MAIL_FROM: 'portal@example.com',
      ADMIN_EMAILS: adminNames.map(emailOf).join(','),
      UPLOAD_MAX_BYTES: String(testUploadLimit),
      ...extraEnv,
    },
  })
  const browser = await launchBrowser()
  const pages: TrackedPage[] = []
  return {
    server,
    mail,
    browser,
    user: (name) => seedUser(server, emailOf(name), { admin: adminNames.includes(name) }),
    async open(user, path = '/profile') {
      const tracked = await newTrackedPage(browser, { acceptDownloads: true })
      pages.push(tracked)
      if (user) await signInContext(tracked.context, server.url, user)
      await tracked.page.goto(server.url + path)
      return tracked
    },
    async stop() {
      await browser.close().catch(() => {})
      await server.stop()
      server.cleanup()
      await mail.close()
    },
  }
}

export function uniqueName(prefix: string) {
  counter += 1
  return `${prefix}${counter}`
}

/** Waits until the page has hydrated (buttons respond to clicks). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined)
  await page.waitForLoadState('networkidle')
}

export { screenshotOnFailure }

/** Console errors other than the network failures a test caused on purpose. */
export function unexpectedErrors(errors: string[], allowed: RegExp[] = []) {
  // What a test allows here, it allows for the check after the test too (tests/setup/fail-on-page-errors.ts).
  allowPageErrors(...allowed)
  return errors.filter((e) => !allowed.some((r) => r.test(e)))
}
