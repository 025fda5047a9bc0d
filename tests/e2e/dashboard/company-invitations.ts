import type { Page } from 'playwright-core'
import type { DashboardSuiteEnv } from './dashboard-env'
import type { SeededUser } from './seed'

/** A role a company's owner may give a colleague, as the invitation form names it. */
export type InvitedRole = 'Owner' | 'Approver' | 'Member' | 'Viewer'

/** The steps of inviting a colleague into a client's company, by mail, in the browser. */
export function companyInvitations(env: DashboardSuiteEnv) {
  /** The invitation link mailed to the person (the newest one). */
  const invitationLinkFor = async (user: SeededUser) => {
    const deadline = Date.now() + 20_000
    for (;;) {
      const mail = (await env.mail.all()).filter((m) => m.to.includes(user.email) && /join/.test(m.subject)).at(-1)
      const token = mail ? /\/join\/([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1] : undefined
      if (token) return `/join/${token}`
      if (Date.now() > deadline) throw new Error(`no invitation mail to ${user.email}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  /**
   * The owner invites the person with the role on the company page; the person opens the mailed link
   * and joins, and lands on the company page that names their role. Gives the person's page.
   */
  const inviteAndJoin = async (ownerPage: Page, person: SeededUser, role: InvitedRole): Promise<Page> => {
    await ownerPage.getByLabel('Email', { exact: true }).fill(person.email)
    await ownerPage.getByLabel('Role', { exact: true }).selectOption({ label: role })
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click()
    await ownerPage.getByTestId('invite-status').getByText(`Invitation sent to ${person.email}`).waitFor()
    const { page } = await env.openHydrated(person, await invitationLinkFor(person))
    await page.getByRole('button', { name: /^Join / }).click()
    await page.waitForURL('**/profile/company')
    await page.getByTestId('your-role').getByText(`Your role: ${role}`).waitFor()
    return page
  }

  return { invitationLinkFor, inviteAndJoin }
}
