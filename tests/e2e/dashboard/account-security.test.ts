import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  EMAIL_IN_USE_MESSAGE,
  INVALID_CODE_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../lib/auth-schema'
import { axeViolations } from '../../setup/axe'
import { hydrated, unexpectedErrors, useDashboardEnv } from './dashboard-env'
import { cookieHeader, seedUser, type SeededUser } from './seed'

/** The browser's own report of an answer the test asked for on purpose (a refused password or code). */
const refusedByServer = /the server responded with a status of 400 \(Bad Request\)/
const rateLimited = /the server responded with a status of 429 \(Too Many Requests\)/

const card = (page: Page) => page.getByRole('region', { name: 'Sign-in and security' })
const emailForm = (page: Page) => card(page).getByRole('form', { name: 'Change your sign-in email' })
const passwordForm = (page: Page) => card(page).getByRole('form', { name: 'Change your password' })
const newPasswordField = (page: Page) => passwordForm(page).getByLabel('New password', { exact: true })

/** The field says it is invalid and its description starts with the message. */
async function expectFieldError(field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  const description = await field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  )
  expect(description.split(' | ')[0]).toBe(message)
}

const expectFocused = (field: Locator) => expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)

const buttonText = (button: Locator) => button.evaluate((b) => b.textContent)

describe('dashboard: sign-in and security', () => {
  const env = useDashboardEnv('dashboard-security', ['chief'])

  /** Signs in through the auth API; the status (200 or 401) and the session cookies it set. */
  const signIn = async (email: string, password: string) => {
    const res = await fetch(`${env.server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.server.url },
      body: JSON.stringify({ email, password }),
    })
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    return { status: res.status, cookie }
  }
  const sessionEmail = async (cookie: string) => {
    const res = await fetch(`${env.server.url}/api/session`, { headers: { cookie } })
    return ((await res.json()) as { user: { email: string } | null }).user?.email ?? null
  }
  /** Every request the page sends to better-auth. */
  const authRequests = (page: Page) => {
    const seen: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/')) seen.push(new URL(r.url()).pathname)
    })
    return seen
  }
  /** Holds each request to `path` back a little so the busy state can be seen. */
  const slowDown = (page: Page, path: string) =>
    page.route(`**${path}`, async (route) => {
      await new Promise((r) => setTimeout(r, 700))
      await route.continue()
    })

  it('a client changes their sign-in email with the code mailed to the new address; the new address signs in, the old one does not', async () => {
    const { user, page, errors } = await env.openAsNewUser('mover', '/profile/settings')
    const form = emailForm(page)
    const newEmail = `moved-${Date.now()}@example.com`
    await form.getByText(`Your sign-in email is ${user.email}.`, { exact: false }).waitFor()

    // Written in capitals with spaces: the address is normalised before it is sent.
    await form.getByLabel('New email').fill(`  ${newEmail.toUpperCase()} `)
    await form.getByLabel('Current password').fill(user.password)
    await slowDown(page, '/api/auth/email-otp/request-email-change')
    const before = (await env.mail.all()).length
    const send = form.getByRole('button', { name: /Send code|Sending…/ })
    await send.click()
    await expect.poll(() => buttonText(send)).toBe('Sending…')
    expect(await send.isDisabled()).toBe(true)

    // The code field appears with the focus, and its description says where the code went.
    const codeField = form.getByLabel('Code')
    await codeField.waitFor()
    await expectFocused(codeField)
    const sentTo = `We sent a 6-digit code to ${newEmail}. It expires in 10 minutes.`
    await form.getByText(sentTo).waitFor()
    expect(await codeField.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(sentTo)
    expect(await form.getByRole('status').getAttribute('aria-live')).toBe('polite')

    const code = await env.mail.waitForCode(newEmail, { after: before })
    expect((await env.mail.all()).slice(before).some((m) => m.to.includes(user.email.toLowerCase()))).toBe(false)
    await codeField.fill(code)
    await slowDown(page, '/api/auth/email-otp/change-email')
    const confirm = form.getByRole('button', { name: /^Confirm/ })
    await confirm.click()
    await expect.poll(() => buttonText(confirm)).toBe('Confirming…')
    await form.getByRole('status').filter({ hasText: `Your sign-in email is now ${newEmail}.` }).waitFor()

    // The dashboard data is read again: the details card and the card's own text show the new address.
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail)
    await form.getByText(`Your sign-in email is ${newEmail}.`, { exact: false }).waitFor()
    expect(await form.getByLabel('Code').count()).toBe(0)

    // This browser stays signed in as the new address; the new address signs in, the old one does not.
    await page.reload()
    await hydrated(page)
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail)
    expect((await signIn(newEmail, user.password)).status).toBe(200)
    expect((await signIn(user.email, user.password)).status).toBe(401)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('a wrong current password and a wrong code are named on their fields; "Use a different address" goes back', async () => {
    const { user, page, errors } = await env.openAsNewUser('typo', '/profile/settings')
    const form = emailForm(page)
    const newEmail = `typo-new-${Date.now()}@example.com`
    await form.getByLabel('New email').fill(newEmail)
    const password = form.getByLabel('Current password')
    await password.fill('Wr0ng!password')
    await form.getByRole('button', { name: 'Send code' }).click()
    await expectFieldError(password, WRONG_CURRENT_PASSWORD_MESSAGE)
    await expectFocused(password)
    expect(await form.getByLabel('Code').count()).toBe(0)

    // The right password sends the code; a short code is refused before anything is sent.
    await password.fill(user.password)
    const before = (await env.mail.all()).length
    await form.getByRole('button', { name: 'Send code' }).click()
    const codeField = form.getByLabel('Code')
    await codeField.waitFor()
    const code = await env.mail.waitForCode(newEmail, { after: before })
    const sent = authRequests(page)
    await codeField.fill('123')
    await form.getByRole('button', { name: 'Confirm' }).click()
    await expectFieldError(codeField, 'The code is 6 digits')
    await expectFocused(codeField)
    expect(sent).toEqual([])

    // A wrong code is named on the code field, which keeps the focus for another try.
    await codeField.fill(code === '000000' ? '111111' : '000000')
    await form.getByRole('button', { name: 'Confirm' }).click()
    await expectFieldError(codeField, INVALID_CODE_MESSAGE)
    await expectFocused(codeField)
    expect(sent).toEqual(['/api/auth/email-otp/change-email'])

    // "Use a different address" goes back to the address, which is kept for correcting.
    await form.getByRole('button', { name: 'Use a different address' }).click()
    const address = form.getByLabel('New email')
    await expectFocused(address)
    expect(await address.inputValue()).toBe(newEmail)
    expect(await form.getByLabel('Code').count()).toBe(0)
    expect(await form.getByLabel('Current password').inputValue()).toBe('')
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email)
    expect(unexpectedErrors(errors, [refusedByServer])).toEqual([])
    expect(errors.filter((e) => refusedByServer.test(e))).toHaveLength(2)
  })

  it('an address taken by another account after the code was sent is named on the address, back at the first step', async () => {
    const { user, page, errors } = await env.openAsNewUser('raced', '/profile/settings')
    const form = emailForm(page)
    const newEmail = `raced-new-${Date.now()}@example.com`
    await form.getByLabel('New email').fill(newEmail)
    await form.getByLabel('Current password').fill(user.password)
    const before = (await env.mail.all()).length
    await form.getByRole('button', { name: 'Send code' }).click()
    const codeField = form.getByLabel('Code')
    await codeField.waitFor()
    const code = await env.mail.waitForCode(newEmail, { after: before })

    // Someone signs up with the address before the code is given.
    await seedUser(env.server, newEmail)
    await codeField.fill(code)
    await form.getByRole('button', { name: 'Confirm' }).click()
    const address = form.getByLabel('New email')
    await expectFieldError(address, EMAIL_IN_USE_MESSAGE)
    await expectFocused(address)
    expect(await address.inputValue()).toBe(newEmail)
    expect(await form.getByLabel('Code').count()).toBe(0)
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email)
    expect(unexpectedErrors(errors, [refusedByServer])).toEqual([])
  })

  it('a client changes their password: other sessions end, the old password no longer signs in and the new one does', async () => {
    const user = await env.user('rekey')
    const elsewhere = await signIn(user.email, user.password)
    expect(await sessionEmail(elsewhere.cookie)).toBe(user.email)
    const { page, errors } = await env.openHydrated(user, '/profile/settings')
    const form = passwordForm(page)
    const newPassword = 'N3w!Passw0rd-rekey'

    await form.getByLabel('Current password').fill(user.password)
    // The same rules as the sign-up form, ticked as they are met.
    const rules = form.getByRole('list', { name: 'It needs' })
    expect(await rules.getByRole('listitem').allTextContents()).toEqual([
      '• At least 8 characters (missing)',
      '• A lowercase letter (missing)',
      '• An uppercase letter (missing)',
      '• A number (missing)',
      '• A symbol (missing)',
    ])
    await newPasswordField(page).fill('newpassword')
    expect(await rules.locator('[data-met="true"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-rule')))).toEqual(['length', 'lowercase'])
    await newPasswordField(page).fill(newPassword)
    expect(await rules.locator('[data-met="false"]').count()).toBe(0)
    await form.getByLabel('Confirm new password').fill(newPassword)

    await slowDown(page, '/api/auth/change-password')
    const button = form.getByRole('button', { name: /Change password|Changing…/ })
    await button.click()
    await expect.poll(() => buttonText(button)).toBe('Changing…')
    expect(await button.isDisabled()).toBe(true)
    await form.getByRole('status').filter({ hasText: 'Your password was changed. Any other devices signed in to your account were signed out, and your API tokens were revoked.' }).waitFor()
    expect(await buttonText(button)).toBe('Change password')
    for (const label of ['Current password', 'Confirm new password']) expect(await form.getByLabel(label).inputValue()).toBe('')
    expect(await newPasswordField(page).inputValue()).toBe('')

    // The other session has ended; this browser carries on with its new session.
    expect(await sessionEmail(elsewhere.cookie)).toBeNull()
    expect(await sessionEmail(cookieHeader(user))).toBeNull()
    await page.reload()
    await hydrated(page)
    await page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor()
    expect((await signIn(user.email, user.password)).status).toBe(401)
    expect((await signIn(user.email, newPassword)).status).toBe(200)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('the browser names each problem on its field, moves focus to the first, and sends nothing', async () => {
    const { user, page, errors } = await env.openAsNewUser('checks', '/profile/settings')
    const sent = authRequests(page)

    // Change email: nothing filled in.
    const mail = emailForm(page)
    const newEmail = mail.getByLabel('New email')
    const mailPassword = mail.getByLabel('Current password')
    await mail.getByRole('button', { name: 'Send code' }).click()
    await expectFieldError(newEmail, 'Please enter a valid email address')
    await expectFieldError(mailPassword, 'Please enter your current password')
    await expectFocused(newEmail)

    // Not an address; then the current address, in another case: refused here, not by the server.
    await newEmail.fill('not-an-address')
    await mailPassword.fill(user.password)
    await mail.getByRole('button', { name: 'Send code' }).click()
    await expectFieldError(newEmail, 'Please enter a valid email address')
    expect(await mailPassword.getAttribute('aria-invalid')).toBeNull()
    await newEmail.fill(user.email.toUpperCase())
    await mail.getByRole('button', { name: 'Send code' }).click()
    await expectFieldError(newEmail, SAME_EMAIL_MESSAGE)
    await expectFocused(newEmail)

    // Change password: nothing filled in.
    const form = passwordForm(page)
    const currentPassword = form.getByLabel('Current password')
    const confirm = form.getByLabel('Confirm new password')
    const submit = form.getByRole('button', { name: 'Change password' })
    await submit.click()
    await expectFieldError(currentPassword, 'Please enter your current password')
    await expectFieldError(newPasswordField(page), 'Password needs: At least 8 characters, A lowercase letter, An uppercase letter, A number, A symbol')
    await expectFieldError(confirm, 'Please type the new password again')
    await expectFocused(currentPassword)

    // A new password that breaks the rule: named with the rules it misses.
    await currentPassword.fill(user.password)
    await newPasswordField(page).fill('weakpassword')
    await confirm.fill('weakpassword')
    await submit.click()
    await expectFieldError(newPasswordField(page), 'Password needs: An uppercase letter, A number, A symbol')
    await expectFocused(newPasswordField(page))
    expect(await currentPassword.getAttribute('aria-invalid')).toBeNull()
    // The checklist stays in the field's description, after the error.
    expect(await newPasswordField(page).evaluate((el) => el.getAttribute('aria-describedby')?.split(' ').length)).toBe(2)

    // The two new passwords differ.
    await newPasswordField(page).fill('N3w!Password')
    await confirm.fill('N3w!Passwore')
    await submit.click()
    await expectFieldError(confirm, PASSWORDS_DIFFER_MESSAGE)
    await expectFocused(confirm)
    expect(await newPasswordField(page).getAttribute('aria-invalid')).toBeNull()

    // The new password is the current one.
    await newPasswordField(page).fill(user.password)
    await confirm.fill(user.password)
    await submit.click()
    await expectFieldError(newPasswordField(page), SAME_PASSWORD_MESSAGE)
    await expectFocused(newPasswordField(page))

    expect(sent).toEqual([])
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('the card is not shown to an admin acting for a client, only on the admin’s own dashboard', async () => {
    const admin = await env.user('chief')
    const client = await env.user('client')
    const { page, errors } = await env.openHydrated(admin, `/profile/settings?client=${encodeURIComponent(client.id)}`)
    await page.getByTestId('acting-for').filter({ hasText: client.email }).waitFor()
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(client.email)
    expect(await card(page).count()).toBe(0)
    expect(await page.getByText('Change your password').count()).toBe(0)
    await page.getByText('The client’s sign-in email; only they can change it.').waitFor()

    await page.goto(`${env.server.url}/profile/settings`)
    await hydrated(page)
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
    await card(page).waitFor()
    await emailForm(page).getByText(`Your sign-in email is ${admin.email}.`, { exact: false }).waitFor()
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('the card works with the keyboard alone and has no axe violations in any state', async () => {
    const { user, page, errors } = await env.openAsNewUser('keys', '/profile/settings')
    const cardViolations = () => axeViolations(page, '#sign-in-and-security')
    expect(await cardViolations()).toEqual([])

    // The details card's hint leads to the card; Tab goes on to its first field.
    const link = page.getByRole('link', { name: 'Sign-in and security' })
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-describedby')).toBe('details-email-hint')
    await link.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.hash === '#sign-in-and-security')
    // The card's title lands below the sticky header, not under it.
    await expect
      .poll(() => page.evaluate(() => document.getElementById('security-title')!.getBoundingClientRect().top - document.querySelector('header')!.getBoundingClientRect().bottom))
      .toBeGreaterThanOrEqual(0)
    await page.keyboard.press('Tab')
    const mail = emailForm(page)
    await expectFocused(mail.getByLabel('New email'))

    // Errors shown: still no violations.
    await page.keyboard.press('Enter')
    await expectFieldError(mail.getByLabel('New email'), 'Please enter a valid email address')
    const form = passwordForm(page)
    await form.getByRole('button', { name: 'Change password' }).focus()
    await page.keyboard.press('Enter')
    await expectFocused(form.getByLabel('Current password'))
    expect(await cardViolations()).toEqual([])

    // Change the password by keyboard: type, Tab on, Enter on the button.
    await page.keyboard.type(user.password)
    await page.keyboard.press('Tab')
    await expectFocused(newPasswordField(page))
    await page.keyboard.type('Keyb0ard!pass')
    await page.keyboard.press('Tab')
    await expectFocused(form.getByLabel('Confirm new password'))
    await page.keyboard.type('Keyb0ard!pass')
    await page.keyboard.press('Tab')
    await expectFocused(form.getByRole('button', { name: 'Change password' }))
    await page.keyboard.press('Enter')
    await form.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor()

    // Ask for an email code by keyboard (Enter in the password field sends it); the code step passes axe too.
    const newEmail = `keys-new-${Date.now()}@example.com`
    await mail.getByLabel('New email').focus()
    await page.keyboard.type(newEmail)
    await page.keyboard.press('Tab')
    await page.keyboard.type('Keyb0ard!pass')
    const before = (await env.mail.all()).length
    await page.keyboard.press('Enter')
    await expectFocused(mail.getByLabel('Code'))
    expect(await cardViolations()).toEqual([])
    await page.keyboard.type(await env.mail.waitForCode(newEmail, { after: before }))
    await page.keyboard.press('Enter')
    await mail.getByRole('status').filter({ hasText: `Your sign-in email is now ${newEmail}.` }).waitFor()
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail)
    expect(await cardViolations()).toEqual([])
    expect(unexpectedErrors(errors)).toEqual([])
  })
})

describe('dashboard: sign-in and security when the limit of wrong attempts is reached', () => {
  const env = useDashboardEnv('dashboard-security-limit')
  let user: SeededUser

  beforeAll(async () => {
    user = await env.user('hammer')
  })

  it('answers 429 with a clear message in each form, even with the right password', async () => {
    // Three wrong current passwords from this address: its next attempt for the account must wait
    // (server/auth/auth-limits.ts), whatever the password.
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${env.server.url}/api/auth/change-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.server.url, cookie: cookieHeader(user) },
        body: JSON.stringify({ currentPassword: `Wr0ng!password${i}`, newPassword: 'N3w!Password' }),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([400, 400, 400, 429])
    const { page, errors } = await env.openHydrated(user, '/profile/settings')

    const form = passwordForm(page)
    await form.getByLabel('Current password').fill(user.password)
    await newPasswordField(page).fill('N3w!Password')
    await form.getByLabel('Confirm new password').fill('N3w!Password')
    await form.getByRole('button', { name: 'Change password' }).click()
    const passwordStatus = form.getByRole('status')
    await passwordStatus.filter({ hasText: TOO_MANY_ATTEMPTS_MESSAGE }).waitFor()
    expect(await passwordStatus.getAttribute('data-tone')).toBe('error')

    const mail = emailForm(page)
    await mail.getByLabel('New email').fill(`limited-${Date.now()}@example.com`)
    await mail.getByLabel('Current password').fill(user.password)
    await mail.getByRole('button', { name: 'Send code' }).click()
    await mail.getByRole('status').filter({ hasText: TOO_MANY_ATTEMPTS_MESSAGE }).waitFor()
    expect(await mail.getByLabel('Code').count()).toBe(0)
    expect(unexpectedErrors(errors, [rateLimited])).toEqual([])
    expect(errors.filter((e) => rateLimited.test(e))).toHaveLength(2)
  })
})
