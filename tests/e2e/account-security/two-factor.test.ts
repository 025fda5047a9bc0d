import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeWhenSettled } from '../../setup/axe'
import { nextTotpCode, wrongTotpCode } from '../../setup/totp'
import { hydrated, unexpectedErrors, useDashboardEnv } from '../dashboard/dashboard-env'

/** The browser's own report of an answer the test asked for on purpose (a wrong code). */
const refusedCode = /the server responded with a status of 401 \(Unauthorized\)/

const twoFactor = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' })

describe('two-factor sign-in in the browser', () => {
  const env = useDashboardEnv('two-factor', ['boss', 'chief'])

  /** Sets two-factor sign-in up on the open dashboard, with codes computed from the secret the page shows; returns the secret and the recovery codes. */
  async function setUp(page: Page, password: string) {
    const panel = twoFactor(page)
    if (await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).count()) await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    await panel.getByLabel('Your password').fill(password)
    await panel.getByRole('button', { name: 'Continue' }).click()
    await panel.getByRole('img', { name: 'QR code to add this account to your authenticator app' }).waitFor()
    const secret = (await panel.getByTestId('two-factor-secret').getAttribute('data-secret'))!
    // The key as text is the one in the QR code, grouped in fours for typing.
    expect((await panel.getByTestId('two-factor-secret').textContent())!.replaceAll(' ', '')).toBe(secret)
    await panel.getByLabel('Code from the app').fill(await nextTotpCode(secret))
    await panel.getByRole('button', { name: 'Turn on' }).click()
    const codes = panel.getByTestId('recovery-code')
    await codes.first().waitFor()
    const recoveryCodes = await codes.allTextContents()
    return { secret, recoveryCodes }
  }

  /** Signs in from the dialog with the password, then the second step with `code` (the app's, or a recovery code). */
  async function signInWithCode(page: Page, email: string, password: string, code: string, { recovery = false } = {}) {
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password').fill(password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await dialog.getByText('Enter the 6-digit code from your authenticator app.').waitFor()
    if (recovery) await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await dialog.getByLabel(recovery ? 'Recovery code' : 'Code from your authenticator app').fill(code)
    await dialog.getByRole('button', { name: 'Verify' }).click()
    return dialog
  }

  async function signOut(page: Page) {
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Logout' }).click()
    await nav.getByRole('button', { name: 'Login' }).waitFor()
    await hydrated(page)
  }

  it('a client turns it on with a code from the shown secret, then signs in with the password and a code from the app', async () => {
    const { user, page, errors } = await env.openAsNewUser('ada', '/profile/settings')
    expect(await twoFactor(page).getByTestId('two-factor-status').textContent()).toMatch(/^Off\./)
    const { secret, recoveryCodes } = await setUp(page, user.password)
    expect(recoveryCodes).toHaveLength(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    await (await axeWhenSettled(page)).include('#two-factor').analyze().then((r) => expect(r.violations).toEqual([]))
    await twoFactor(page).getByRole('button', { name: 'I have saved them' }).click()
    await expect.poll(() => twoFactor(page).getByTestId('two-factor-status').textContent()).toMatch(/^On\. .* 10 of 10 recovery codes left\./)

    await signOut(page)
    const dialog = await signInWithCode(page, user.email, user.password, wrongTotpCode(secret))
    await dialog.getByText('That code is not right. Please check it and try again.').waitFor()
    await dialog.getByLabel('Code from your authenticator app').fill(await nextTotpCode(secret))
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 })
    await page.goto(env.server.url + '/profile/settings')
    await hydrated(page)
    await twoFactor(page).getByTestId('two-factor-status').filter({ hasText: /^On\./ }).waitFor()
    expect(unexpectedErrors(errors, [refusedCode])).toEqual([])
  })

  it('a recovery code signs in once', async () => {
    const { user, page, errors } = await env.openAsNewUser('bea', '/profile/settings')
    const { recoveryCodes } = await setUp(page, user.password)
    await twoFactor(page).getByRole('button', { name: 'I have saved them' }).click()
    await signOut(page)

    await signInWithCode(page, user.email, user.password, recoveryCodes[0]!, { recovery: true })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 })
    await page.goto(env.server.url + '/profile/settings')
    await hydrated(page)
    await twoFactor(page).getByText('9 of 10 recovery codes left', { exact: false }).waitFor()
    await signOut(page)

    const dialog = await signInWithCode(page, user.email, user.password, recoveryCodes[0]!, { recovery: true })
    await dialog.getByText('That code is not right. Please check it and try again.').waitFor()
    expect(unexpectedErrors(errors, [refusedCode])).toEqual([])
    expect(await page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { user: unknown }).user)).toBeNull()
  })

  it('an admin without a second factor is stopped: no admin tools until it sets one up, then they open', async () => {
    const boss = await env.user('boss')
    // An admin seeded the way ADMIN_EMAILS or the grant leaves one: in the group, no factor yet.
    const { seedUser } = await import('../dashboard/seed')
    const weak = await seedUser(env.server, `weak-admin-${Date.now()}@example.com`, { admin: true, twoFactor: false })
    const { page, errors } = await env.openHydrated(weak, '/profile/settings')
    await page.getByTestId('second-factor-required').getByText('Set up two-factor sign-in to use the admin tools').waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('User Dashboard')
    expect(await page.getByPlaceholder('Search clients by email, name or company').count()).toBe(0)
    // The server refuses the admin's tools too, whatever the page shows.
    const clients = await page.evaluate(async () => (await (await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ clients { Username } }' }) })).json()) as { errors?: { message: string }[] })
    expect(clients.errors?.[0]?.message).toBe('Unauthorized')
    expect((await page.request.get(`${env.server.url}/profile/view?client=${boss.id}`)).status()).toBe(403)

    // The set-up is open already: password, QR code, code.
    await twoFactor(page).getByLabel('Your password').waitFor()
    await setUp(page, weak.password)
    await twoFactor(page).getByRole('button', { name: 'I have saved them' }).click()
    await page.reload()
    await hydrated(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard')
    expect(await page.getByTestId('second-factor-required').count()).toBe(0)
    const log = page.getByRole('region', { name: 'Activity log of every account' })
    await log.getByTestId('activity-row').first().waitFor()
    // The admin's log filters by account and action; its CSV link carries the same filter.
    await log.getByLabel('Account (email)').fill(weak.email)
    await log.getByLabel('Action').selectOption('two-factor-enabled')
    await log.getByRole('button', { name: 'Filter' }).click()
    await expect.poll(() => log.getByTestId('activity-row').count()).toBe(1)
    expect(await log.getByTestId('activity-csv').getAttribute('href')).toBe(`/profile/activity.csv?account=${encodeURIComponent(weak.email)}&action=two-factor-enabled`)
    expect((await (await axeWhenSettled(page)).include('[data-testid="activity-log"]').analyze()).violations).toEqual([])
    expect(unexpectedErrors(errors)).toEqual([])
  })
})
