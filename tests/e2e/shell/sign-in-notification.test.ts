import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_EMAIL_STORAGE_KEY } from '../../../lib/auth-constants'
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from '../../integration/platform/support/receivers'
import { browserSuite } from '../../setup/browser-suite'
import { signUpAndVerify, type SeededUser } from '../dashboard/seed'
import { eventually, waitForHydration } from './shell-helpers'

/**
 * Signing in from the login dialog stores the login email in the browser and records a sign-in
 * notification only when none was stored; signing out clears it (and is notified). The team's
 * notifications arrive at a local stand-in for the Discord webhook, as they would in production.
 */
describe('the sign-in notification, as the team receives it', () => {
  let webhook: WebhookReceiver
  let mail: SmtpReceiver
  let user: SeededUser
  beforeAll(async () => {
    ;[webhook, mail] = await Promise.all([startWebhookReceiver(), startSmtpReceiver()])
  })
  const suite = browserSuite({
    screenshotPrefix: 'sign-in-notification-',
    server: () => ({ env: { DISCORD_WEBHOOK_URL: webhook.url, SMTP_URL: mail.url, MAIL_FROM: 'portal@example.com' } }),
  })
  afterAll(async () => {
    await webhook?.close()
    await mail?.close()
  })

  /** The notifications the team received about this person, as their text reads ("… signed in"). */
  const received = (action: 'signed in' | 'signed out') =>
    (webhook.accepted as { embeds?: { description?: string }[] }[]).filter((m) => m.embeds?.[0]?.description === `${user.email} ${action}`).length

  async function signInFromTheDialog(page: Page) {
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByLabel('Email').fill(user.email)
    await dialog.getByLabel('Password').fill(user.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    // Signed in, the visitor lands on the dashboard: the dialog is gone and the menu offers Logout.
    await page.waitForURL(`${suite.server.url}/profile`, { timeout: 30_000 })
    await nav.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 })
    expect(await page.getByRole('dialog', { name: 'Sign in' }).count()).toBe(0)
    await waitForHydration(page)
  }

  it('a first sign-in is notified; signing in again while the email is stored is not; after Logout it is again', async () => {
    user = await signUpAndVerify(suite.server.url, mail, `notified-${Date.now()}@example.com`)
    // Verifying the address signed that (script) client in: one sign-in notification already.
    await eventually(() => received('signed in')).toBe(1)

    const { page, context } = await suite.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(suite.server.url + '/about')
    await waitForHydration(page)
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_EMAIL_STORAGE_KEY)).toBeNull()

    await signInFromTheDialog(page)
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_EMAIL_STORAGE_KEY)).toBe(user.email)
    await eventually(() => received('signed in')).toBe(2)

    // The session ends (it expired, or its cookie was cleared) while the browser keeps the stored email.
    for (const name of (await context.cookies()).map((c) => c.name).filter((n) => n.startsWith('mwk.session'))) await context.clearCookies({ name })
    await page.reload()
    await waitForHydration(page)
    await signInFromTheDialog(page)

    // Logout is notified; the sign-in before it was not.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor()
    await eventually(() => received('signed out')).toBe(1)
    expect(received('signed in')).toBe(2)
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_EMAIL_STORAGE_KEY)).toBeNull()

    // Signing out cleared the stored email: the next sign-in is news again.
    await waitForHydration(page)
    await signInFromTheDialog(page)
    await eventually(() => received('signed in')).toBe(3)
  })
})
