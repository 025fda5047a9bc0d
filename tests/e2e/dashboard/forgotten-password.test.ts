import { describe, expect, it } from 'vitest'
import { unexpectedErrors, useDashboardEnv } from './dashboard-env'

/**
 * The sign-in dialog's forgotten-password steps: a mailed code, a new password, signed in with it;
 * a wrong code is refused beside its field, and the old password no longer signs in.
 */
describe('the sign-in dialog: a forgotten password', () => {
  const env = useDashboardEnv('forgotten-password')

  it('a client asks for a code, sets a new password with it and lands on their dashboard; the old password is refused after', async () => {
    const user = await env.user('forgetful')
    const { page, errors } = await env.openHydrated(null, '/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).filter({ visible: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Forgot password?' }).click()
    await dialog.getByText('Reset your password').waitFor()
    await dialog.getByLabel('Email', { exact: true }).fill(user.email)
    const before = (await env.mail.all()).length
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByText(`If an account uses ${user.email}, a 6-digit code is on its way.`).waitFor()
    await dialog.getByText('Choose a new password').waitFor()
    const code = await env.mail.waitForCode(user.email, { after: before })

    // A wrong code is refused at the code's field, and nothing changes.
    const codeField = dialog.getByLabel('Code')
    await codeField.fill(code === '000000' ? '111111' : '000000')
    await dialog.getByLabel('New password', { exact: true }).fill('N3w!Passw0rd-after')
    await dialog.getByRole('button', { name: 'Set new password' }).click()
    await expect.poll(() => codeField.getAttribute('aria-invalid')).toBe('true')

    await codeField.fill(code)
    await dialog.getByRole('button', { name: 'Set new password' }).click()
    await page.waitForURL(`${env.server.url}/profile`, { timeout: 20_000 })
    await page.getByRole('heading', { name: 'What needs you' }).waitFor({ timeout: 20_000 })

    // The old password signs in no more; the new one does.
    const signIn = (password: string) =>
      fetch(`${env.server.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: env.server.url }, body: JSON.stringify({ email: user.email, password }) })
    expect((await signIn(user.password)).status).toBe(401)
    expect((await signIn('N3w!Passw0rd-after')).status).toBe(200)
    expect(unexpectedErrors(errors, [/status of 400/])).toEqual([])
  })
})
