import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { newTrackedPage } from '../../setup/browser'
import { hydrated, unexpectedErrors, useDashboardEnv } from '../dashboard/dashboard-env'
import type { SeededUser } from '../dashboard/seed'

const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' })

/**
 * Passkeys with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a
 * platform authenticator that holds discoverable credentials and verifies its user, as a phone or a
 * laptop with a fingerprint reader does. A passkey belongs to a host name, and browsers refuse one
 * for a bare IP address: the pages are opened at localhost.
 */
describe('passkeys in the browser', () => {
  const env = useDashboardEnv('passkeys')
  let site: string

  beforeAll(async () => {
    site = env.server.url.replace('127.0.0.1', 'localhost')
  })

  async function withAuthenticator(context: BrowserContext, page: Page) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    })
    return { cdp, authenticatorId }
  }

  async function openAt(path: string, user: SeededUser | null) {
    const tracked = await env.newPage()
    if (user) await tracked.context.addCookies(user.cookies.map((c) => ({ ...c, url: site, httpOnly: true, sameSite: 'Lax' as const })))
    const authenticator = await withAuthenticator(tracked.context, tracked.page)
    await tracked.page.goto(site + path)
    await hydrated(tracked.page)
    return { tracked, ...authenticator }
  }

  it('a client adds a passkey, names it, signs out and signs in with it instead of the password', async () => {
    const user = await env.user('keyholder')
    const opened = await openAt('/profile/settings', user)
    const { page, errors } = opened.tracked
    const panel = passkeys(page)
    await panel.getByText('No passkeys').waitFor()

    // The password is asked first: a wrong one adds nothing.
    await panel.getByLabel('Passkey name').fill('Work laptop')
    await panel.getByLabel('Your password').fill('Wr0ng!Password')
    await panel.getByRole('button', { name: 'Add a passkey' }).click()
    await panel.getByText('Your current password is not correct').waitFor()
    expect((await opened.cdp.send('WebAuthn.getCredentials', { authenticatorId: opened.authenticatorId })).credentials).toHaveLength(0)

    await panel.getByLabel('Your password').fill(user.password)
    await panel.getByRole('button', { name: 'Add a passkey' }).click()
    await panel.getByTestId('passkey-name').filter({ hasText: 'Work laptop' }).waitFor()
    const { credentials } = await opened.cdp.send('WebAuthn.getCredentials', { authenticatorId: opened.authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.isResidentCredential).toBe(true)

    await panel.getByRole('button', { name: 'Rename the passkey “Work laptop”' }).click()
    await panel.getByLabel('New name').fill('Desk laptop')
    await panel.getByRole('button', { name: 'Save' }).click()
    await panel.getByTestId('passkey-name').filter({ hasText: 'Desk laptop' }).waitFor()
    await expect.poll(() => env.mail.all().then((mails) => mails.some((m) => m.to.includes(user.email) && /A passkey was added/.test(m.subject)))).toBe(true)

    // Signed out, the dialog signs in with the passkey: no email, no password, no code.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Logout' }).click()
    await nav.getByRole('button', { name: 'Login' }).waitFor()
    await hydrated(page)
    await nav.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Use a passkey' }).click()
    await nav.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 })
    await page.goto(site + '/profile/settings')
    await hydrated(page)
    const current2 = page.getByRole('region', { name: 'Where you’re signed in' }).getByTestId('session-row').filter({ hasText: 'This browser' })
    await current2.getByText('with passkey').waitFor()
    await passkeys(page).getByText(/last used \d/).waitFor()
    expect(unexpectedErrors(errors, [/status of 400 \(Bad Request\)/])).toEqual([])
  })

  it('an admin who signs in with a passkey has the admin tools (a passkey is both factors)', async () => {
    const { seedUser } = await import('../dashboard/seed')
    const admin = await seedUser(env.server, `passkey-admin-${Date.now()}@example.com`, { admin: true })
    const opened = await openAt('/profile/settings', admin)
    const { page, errors } = opened.tracked
    await passkeys(page).getByLabel('Passkey name').fill('Phone')
    await passkeys(page).getByLabel('Your password').fill(admin.password)
    await passkeys(page).getByRole('button', { name: 'Add a passkey' }).click()
    await passkeys(page).getByTestId('passkey-name').filter({ hasText: 'Phone' }).waitFor()

    // A fresh browser context holding the same authenticator's credential: signed out, then in by passkey.
    const fresh = await newTrackedPage(env.browser)
    const other = await withAuthenticator(fresh.context, fresh.page)
    const { credentials } = await opened.cdp.send('WebAuthn.getCredentials', { authenticatorId: opened.authenticatorId })
    await other.cdp.send('WebAuthn.addCredential', { authenticatorId: other.authenticatorId, credential: credentials[0]! })
    try {
      await fresh.page.goto(site + '/profile/settings')
      await hydrated(fresh.page)
      await fresh.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click()
      await fresh.page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Use a passkey' }).click()
      await fresh.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor({ timeout: 30_000 })
      expect(unexpectedErrors(fresh.errors)).toEqual([])
    } finally {
      await fresh.context.close()
    }
    expect(unexpectedErrors(errors)).toEqual([])
  })
})
