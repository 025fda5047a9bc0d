import { axeViolations, axeWhenSettled } from '../../setup/axe'
import { describe, expect, it } from 'vitest'
import { buttonReads, hydrated, submitSlowly, unexpectedErrors, useDashboardEnv } from './dashboard-env'
import { cookieHeader } from './seed'

describe('dashboard: signed out, details, keyboard and accessibility', () => {
  const env = useDashboardEnv('dashboard-profile')

  it('a signed-out visitor is asked to sign in, and Login opens the sign-in dialog', async () => {
    const { page, errors } = await env.openHydrated(null)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard')
    await page.getByText('Please sign in to see your details, documents and job requests.').waitFor()
    await page.locator('main').getByRole('button', { name: 'Login' }).click()
    // The dialog opens at once; its form's code may arrive a moment later ("Loading…"), then the form shows.
    await page.getByRole('dialog').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor({ state: 'visible' })
    expect(await page.getByRole('heading', { name: 'User Dashboard' }).count()).toBe(0)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('a new client signs up from the home page, verifies with the mailed code, and lands on their dashboard', async () => {
    const { page, errors } = await env.openHydrated(null, '/')
    const email = `newcomer-${Date.now()}@example.com`
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).filter({ visible: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Create an account' }).click()
    await dialog.getByLabel('Email', { exact: true }).fill(email)
    await dialog.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd')
    const before = (await env.mail.all()).length
    await dialog.getByRole('button', { name: 'Create account' }).click()
    const code = await env.mail.waitForCode(email, { after: before })
    await dialog.getByLabel('Code').fill(code)
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(`${env.server.url}/profile`, { timeout: 20_000 })
    await page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor({ timeout: 20_000 })
    await hydrated(page)
    await page.getByRole('heading', { name: 'What needs you' }).waitFor()
    await page.getByText('No job requests found').waitFor()
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL(`${env.server.url}/profile/settings`)
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('a client sees "User Dashboard" without a client selector, and updates their details through every button state', async () => {
    const { user, page, errors } = await env.openAsNewUser('details', '/profile/settings')
    await page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Client' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0)
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email)

    await page.getByLabel('Phone number').fill('+44 1422 123456')
    await page.getByLabel('Nickname').fill('Dee')
    await page.getByLabel('Given name').fill('Deirdre')
    await page.getByLabel('Family name').fill('Moss')
    await page.getByLabel('Website').fill('https://moss-fabrication.example')
    await page.getByLabel('Company name').fill('Moss Fabrication Ltd')
    await page.getByLabel('Ethereum address').fill('0x' + 'ab'.repeat(20))
    await page.getByLabel('Building').fill('Unit 4')
    await page.getByLabel('Road').fill('Mill Lane')
    await page.getByLabel('Town').fill('Hebden Bridge')
    await page.getByLabel('County').fill('West Yorkshire')
    await page.getByLabel('Postcode').fill('HX7 8AA')

    // Slow the save down a little so the in-between state can be seen.
    const button = await submitSlowly(page, 'details-title', 700, { idle: 'Update details', busy: 'Updating please wait' })
    await buttonReads(button, 'Update successful')
    const shownAt = Date.now()
    await buttonReads(button, 'Update details', { timeout: 6000 })
    const elapsed = Date.now() - shownAt
    expect(elapsed).toBeGreaterThan(2500)
    expect(elapsed).toBeLessThan(5500)

    // Saved on the server: a fresh load shows the values, the address from its five parts.
    await page.reload()
    await hydrated(page)
    expect(await page.getByLabel('Company name').inputValue()).toBe('Moss Fabrication Ltd')
    expect(await page.getByLabel('Town').inputValue()).toBe('Hebden Bridge')
    expect(await page.getByLabel('Postcode').inputValue()).toBe('HX7 8AA')
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+441422123456')
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('what people type is kept in its stored form, and what cannot be stored is named beside its field', async () => {
    const { page, errors } = await env.openAsNewUser('typed', '/profile/settings')
    await page.getByLabel('Phone number').fill('01422 123456')
    await page.getByLabel('Website').fill('meshwork.example')
    await page.getByLabel('Road').fill('Mill Lane, Upper')
    const button = page.locator('form[aria-labelledby="details-title"] button[type="submit"]')
    await button.click()
    await buttonReads(button, 'Update failed')
    const road = page.getByLabel('Road')
    expect(await road.getAttribute('aria-invalid')).toBe('true')
    expect(await road.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent)).toBe(
      'Please leave out commas: the address is kept as five parts separated by commas',
    )
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('road')
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBeNull()
    expect(await page.getByLabel('Website').getAttribute('aria-invalid')).toBeNull()

    await road.fill('Mill Lane')
    expect(await road.getAttribute('aria-invalid')).toBeNull()
    await button.click()
    await buttonReads(button, 'Update successful')
    // The form shows what was stored: the number in international form, the address with https://.
    await expect.poll(() => page.getByLabel('Phone number').inputValue()).toBe('+441422123456')
    expect(await page.getByLabel('Website').inputValue()).toBe('https://meshwork.example')
    expect(await page.getByLabel('Road').inputValue()).toBe('Mill Lane')
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('invalid details are named by field, the button says "Update failed" and returns to "Update details"', async () => {
    const { user, page, errors } = await env.openAsNewUser('invalid', '/profile/settings')
    await page.getByLabel('Website').fill('not a web address')
    await page.getByLabel('Ethereum address').fill('0x1234')
    const button = page.locator('form[aria-labelledby="details-title"] button[type="submit"]')
    await button.click()
    await buttonReads(button, 'Update failed')
    await page.getByText('Please enter a web address, e.g. meshwork.example or https://meshwork.example').waitFor()
    await page.getByText('Please enter a 0x address of 40 hexadecimal characters').waitFor()
    expect(await page.getByLabel('Website').getAttribute('aria-invalid')).toBe('true')
    // Focus goes to the first field in error, so a keyboard user lands where the fix is.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('website')
    await buttonReads(button, 'Update details', { timeout: 6000 })

    // The action validates with the same schema: a request that skips the browser's check is refused.
    const form = new URLSearchParams({ intent: 'update-details', website: 'javascript:alert(1)', ethereumAddress: 'nope' })
    const res = await fetch(`${env.server.url}/profile`, { method: 'POST', body: form, headers: { cookie: cookieHeader(user), origin: env.server.url }, redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('a save that cannot reach the server says "Update failed" and keeps the dashboard', async () => {
    const { page, errors } = await env.openAsNewUser('offline', '/profile/settings')
    await page.route('**/profile.data*', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()))
    await page.getByLabel('Nickname').fill('Offline')
    const button = page.locator('form[aria-labelledby="details-title"] button[type="submit"]')
    await button.click()
    await buttonReads(button, 'Update failed')
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor()
    await buttonReads(button, 'Update details', { timeout: 6000 })
    expect(await page.getByLabel('Nickname').inputValue()).toBe('Offline')
    expect(unexpectedErrors(errors, [/ERR_CONNECTION_REFUSED|net::ERR_FAILED/])).toEqual([])
  })

  it('the dashboard works with the keyboard alone and has no axe violations', async () => {
    const { page, errors } = await env.openAsNewUser('keyboard', '/profile/settings')
    expect(await axeViolations(page, 'main')).toEqual([])

    // Keyboard: reach the nickname field by Tab, type, move on to the button and press Enter.
    await page.getByLabel('Phone number').focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('nickname')
    await page.keyboard.type('Keys')
    for (let i = 0; i < 40; i++) {
      const text = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? '')
      if (text === 'Update details') break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await page.locator('form[aria-labelledby="details-title"] button', { hasText: 'Update successful' }).waitFor()

    // To the overview by keyboard: its tab, then Enter.
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Overview' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${env.server.url}/profile`)
    await page.getByText('No job requests found').waitFor()
    await page.getByText('No files found').waitFor()
    expect(await axeViolations(page, 'main')).toEqual([])

    // The job request form by keyboard: the priority slider moves with the arrow keys.
    await page.getByLabel('Job', { exact: true }).focus()
    await page.keyboard.type('Keyboard job')
    await page.getByRole('slider', { name: /Priority/ }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('slider', { name: /Priority/ }).inputValue()).toBe('4')
    await page.getByRole('button', { name: 'Request this job' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('cell', { name: 'Keyboard job', exact: true }).waitFor()

    // Delete by keyboard: the dialog opens on Enter, Escape keeps the row, Yes removes it.
    await page.getByRole('button', { name: /Delete the job request Keyboard job/ }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('alertdialog', { name: 'Are you sure?' }).waitFor()
    const axeDialog = await (await axeWhenSettled(page)).analyze()
    expect(axeDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog').waitFor({ state: 'detached' })
    expect(await page.getByRole('cell', { name: 'Keyboard job', exact: true }).count()).toBe(1)
    await page.getByRole('button', { name: /Delete the job request Keyboard job/ }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('No job requests found').waitFor()

    const axeAfter = await (await axeWhenSettled(page)).include('main').analyze()
    expect(axeAfter.violations.map((v) => v.id)).toEqual([])
    expect(unexpectedErrors(errors)).toEqual([])
  })
})
