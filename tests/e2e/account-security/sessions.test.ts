import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeWhenSettled } from '../../setup/axe'
import { hydrated, unexpectedErrors, useDashboardEnv } from '../dashboard/dashboard-env'

const sessionsPanel = (page: Page) => page.getByRole('region', { name: 'Where you’re signed in' })

describe('where you are signed in', () => {
  const env = useDashboardEnv('sessions')

  it('ending another session signs that browser out at once', async () => {
    const user = await env.user('two-browsers')
    const laptop = await env.openHydrated(user, '/profile/settings')

    // A second browser signs in through the dialog (its own session, its own user agent).
    const phone = await env.openHydrated(null, '/profile/settings')
    const nav = phone.page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Login' }).click()
    const dialog = phone.page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByLabel('Email').fill(user.email)
    await dialog.getByLabel('Password').fill(user.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await nav.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 })
    await hydrated(phone.page)
    await phone.page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor()

    await laptop.page.reload()
    await hydrated(laptop.page)
    const rows = sessionsPanel(laptop.page).getByTestId('session-row')
    await expect.poll(() => rows.count()).toBe(2)
    // The whole "Sign-in and security" card (factors, passkeys, sessions, activity) passes axe.
    await laptop.page.getByRole('region', { name: 'Activity' }).getByTestId('activity-row').first().waitFor()
    expect((await (await axeWhenSettled(laptop.page)).include('#sign-in-and-security').analyze()).violations).toEqual([])
    const here = rows.filter({ hasText: 'This browser' })
    expect(await here.textContent()).toContain('with password')
    const other = rows.filter({ hasNotText: 'This browser' })
    expect(await other.textContent()).toMatch(/Chrom.* on Linux/)
    expect(await other.textContent()).toContain('This computer')
    await other.getByRole('button', { name: /^End the session of/ }).click()
    await laptop.page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click()
    await expect.poll(() => rows.count()).toBe(1)

    // The phone's very next request is refused: an action on the page, then a reload.
    const probe = await phone.page.evaluate(async () => (await fetch('/api/session')).json() as Promise<{ user: unknown }>)
    expect(probe.user).toBeNull()
    await phone.page.reload()
    await phone.page.getByText('Please sign in to see your details, documents and job requests.').waitFor()
    expect(unexpectedErrors(laptop.errors)).toEqual([])
    expect(unexpectedErrors(phone.errors)).toEqual([])
  })
})
