import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../../setup/axe'
import { hydrated, unexpectedErrors, useDashboardEnv } from './dashboard-env'

const card = (page: Page) => page.getByRole('region', { name: 'Sign-in and security' })
const panel = (page: Page) => card(page).getByRole('region', { name: 'API tokens' })
const createForm = (page: Page) => panel(page).getByRole('form', { name: 'Create an API token' })
const rows = (page: Page) => panel(page).getByTestId('api-token-row')
const expectFocused = (target: Locator) => expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true)

describe('dashboard: API tokens', () => {
  const env = useDashboardEnv('dashboard-api-tokens', ['boss'])

  /** Who the server takes a bearer token for (null when it does not work). */
  const tokenUser = async (token: string) => {
    const res = await fetch(`${env.server.url}/api/session`, { headers: { authorization: `Bearer ${token}` } })
    return ((await res.json()) as { user: { email: string } | null }).user?.email ?? null
  }

  it('a client creates a token, copies it (shown once), sees it listed, and revokes it after "Are you sure?"', async () => {
    const user = await env.user('scripter')
    const { page, context, errors } = await env.open(user, '/profile/settings')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url })
    await hydrated(page)
    await panel(page).getByText('No API tokens').waitFor()

    await createForm(page).getByLabel('Token name').fill('Nightly sync')
    await createForm(page).getByLabel('Expires after').selectOption('30')
    await createForm(page).getByRole('button', { name: 'Create token' }).click()
    const shown = panel(page).getByRole('group', { name: /Your new token “Nightly sync”/ })
    const tokenField = shown.getByRole('textbox')
    await tokenField.waitFor()
    await expectFocused(tokenField)
    const token = await tokenField.inputValue()
    expect(token).toMatch(/^mwk_[\w-]{43}$/)
    await shown.getByRole('button', { name: 'Copy' }).click()
    await shown.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
    expect(await tokenUser(token)).toBe(user.email)

    await expect.poll(() => rows(page).count()).toBe(1)
    const row = rows(page).first()
    expect(await row.locator('td').nth(0).textContent()).toBe('Nightly sync')
    expect(await row.locator('td').nth(2).textContent()).toBe('Never')
    const expires = new Date((await row.locator('td').nth(3).locator('time').getAttribute('datetime'))!)
    expect(Math.round((expires.getTime() - Date.now()) / 86_400_000)).toBe(30)

    // "Done" hides the token for good: after a reload it is nowhere on the page either.
    await shown.getByRole('button', { name: 'Done' }).click()
    await expectFocused(createForm(page).getByLabel('Token name'))
    expect(await shown.count()).toBe(0)
    await page.reload()
    await hydrated(page)
    await expect.poll(() => rows(page).count()).toBe(1)
    expect(await page.content()).not.toContain(token)

    // "No!" keeps it; "Yes" revokes it.
    const revoke = panel(page).getByRole('button', { name: 'Revoke the API token “Nightly sync”' })
    await revoke.click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog.getByText('This revokes the API token “Nightly sync”. Scripts using it stop working. It cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'No!' }).click()
    await expectFocused(revoke)
    expect(await rows(page).count()).toBe(1)
    expect(await tokenUser(token)).toBe(user.email)
    await revoke.click()
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await panel(page).getByText('No API tokens').waitFor()
    await panel(page).getByTestId('api-tokens-status').filter({ hasText: 'Token “Nightly sync” revoked.' }).waitFor()
    expect(await tokenUser(token)).toBeNull()
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('shows loading, a load error with "Try again", and names a missing or too long token name on its field', async () => {
    const user = await env.user('states')
    let fail = true
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { page, context, errors } = await env.open(null, '/profile/settings')
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('apiTokens')) return route.continue()
      await held
      if (fail) return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } }] }) })
      return route.continue()
    })
    await context.addCookies(user.cookies.map((c) => ({ ...c, url: env.server.url, httpOnly: true, sameSite: 'Lax' as const })))
    await page.goto(`${env.server.url}/profile/settings`)
    await panel(page).getByText('Loading API tokens…').waitFor()
    release()
    await panel(page).getByRole('alert').filter({ hasText: 'The API tokens could not be loaded.' }).waitFor()
    fail = false
    await panel(page).getByRole('button', { name: 'Try again' }).click()
    await panel(page).getByText('No API tokens').waitFor()

    const name = createForm(page).getByLabel('Token name')
    await createForm(page).getByRole('button', { name: 'Create token' }).click()
    await expectFocused(name)
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
    expect(await name.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent)).toBe('Please name the token')
    await name.fill('x'.repeat(101))
    await createForm(page).getByRole('button', { name: 'Create token' }).click()
    await expect.poll(() => name.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent)).toBe('At most 100 characters')
    expect(await rows(page).count()).toBe(0)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('works with the keyboard alone and has no axe violations with a new token shown or the confirmation open', async () => {
    const { page, errors } = await env.openAsNewUser('keyboard', '/profile/settings')
    const cardViolations = () => axeViolations(page, '#sign-in-and-security')
    await panel(page).getByText('No API tokens').waitFor()
    expect(await cardViolations()).toEqual([])

    const name = createForm(page).getByLabel('Token name')
    await name.focus()
    await page.keyboard.type('CI runner')
    await page.keyboard.press('Enter')
    const tokenField = panel(page).getByRole('group', { name: /Your new token “CI runner”/ }).getByRole('textbox')
    await expectFocused(tokenField)
    expect(await cardViolations()).toEqual([])
    await page.keyboard.press('Tab')
    await expectFocused(panel(page).getByRole('button', { name: 'Copy' }))
    await page.keyboard.press('Tab')
    await expectFocused(panel(page).getByRole('button', { name: 'Done' }))
    await page.keyboard.press('Enter')
    await expectFocused(name)

    // Back to the row's Revoke button; Escape closes the confirmation, Enter on "Yes" revokes.
    const revoke = panel(page).getByRole('button', { name: 'Revoke the API token “CI runner”' })
    await revoke.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog.waitFor()
    expect(await cardViolations()).toEqual([])
    await page.keyboard.press('Escape')
    await expectFocused(revoke)
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Yes' }).focus()
    await page.keyboard.press('Enter')
    await panel(page).getByText('No API tokens').waitFor()
    await expectFocused(panel(page).getByRole('heading', { name: 'Your tokens' }))
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it("changing the password empties the list; an admin's own dashboard lists only the admin's tokens", async () => {
    const user = await env.user('rotator')
    const admin = await env.user('boss')
    const { page, errors } = await env.openHydrated(user, '/profile/settings')
    await createForm(page).getByLabel('Token name').fill('Before the change')
    await createForm(page).getByRole('button', { name: 'Create token' }).click()
    await expect.poll(() => rows(page).count()).toBe(1)

    const passwordForm = card(page).getByRole('form', { name: 'Change your password' })
    await passwordForm.getByLabel('Current password').fill(user.password)
    await passwordForm.getByLabel('New password', { exact: true }).fill('R0tated!pass')
    await passwordForm.getByLabel('Confirm new password').fill('R0tated!pass')
    await passwordForm.getByRole('button', { name: 'Change password' }).click()
    await passwordForm.getByRole('status').filter({ hasText: 'your API tokens were revoked' }).waitFor()
    await panel(page).getByText('No API tokens').waitFor()
    expect(await panel(page).getByRole('group').count()).toBe(0)
    expect(unexpectedErrors(errors)).toEqual([])

    // The admin's own card: the admin's tokens only, never a client's.
    await createForm(page).getByLabel('Token name').fill('Client script')
    await createForm(page).getByRole('button', { name: 'Create token' }).click()
    await expect.poll(() => rows(page).count()).toBe(1)
    const adminPage = await env.openHydrated(admin, '/profile/settings')
    await panel(adminPage.page).getByText('No API tokens').waitFor()
    await adminPage.context.close()
  })
})
