import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../../setup/axe'
import { allowPageErrors } from '../../setup/browser'
import { companyInvitations } from './company-invitations'
import { hydrated, useDashboardEnv } from './dashboard-env'
import type { SeededUser } from './seed'

/**
 * A client is a company: an owner invites colleagues by mail, each joins with a role and sees the
 * company's jobs; only an approver (or an owner) accepts a quote; a removed member loses access at
 * once, in the session they have open.
 */
describe('client companies with members and roles', () => {
  const env = useDashboardEnv('company', ['admin'])
  let admin: SeededUser

  beforeAll(async () => {
    admin = await env.user('admin')
  })

  const open = async (user: SeededUser, path: string) => (await env.openHydrated(user, path)).page

  const { invitationLinkFor, inviteAndJoin } = companyInvitations(env)

  const newJob = async (user: SeededUser, name: string) => (await env.gql<{ createJobRequests: { id: string } }>(user, 'mutation($j: String) { createJobRequests(input: { job: $j }) { id } }', { j: name })).createJobRequests.id

  it('an owner names the company and invites a colleague, who joins and sees the company’s jobs', async () => {
    const [owner, colleague] = await Promise.all([env.user('owner'), env.user('colleague')])
    await newJob(owner, 'Bracket FEA')
    const ownerPage = await open(owner, '/profile/company')
    await ownerPage.getByTestId('your-role').getByText('Your role: Owner').waitFor()
    await ownerPage.getByLabel('Company name').fill('Moss Fabrication Ltd')
    await ownerPage.getByLabel('VAT number').fill('gb 123 456 789')
    await ownerPage.getByRole('button', { name: 'Save details' }).click()
    await ownerPage.getByRole('heading', { level: 1, name: 'Moss Fabrication Ltd' }).waitFor()
    expect(await ownerPage.getByLabel('VAT number').inputValue()).toBe('GB123456789')
    expect(await axeViolations(ownerPage, 'main')).toEqual([])

    // Before joining, the colleague sees none of the company's jobs.
    const before = await open(colleague, '/profile')
    expect(await before.getByRole('link', { name: 'Bracket FEA' }).count()).toBe(0)

    const colleaguePage = await inviteAndJoin(ownerPage, colleague, 'Member')
    await colleaguePage.getByRole('heading', { level: 1, name: 'Moss Fabrication Ltd' }).waitFor()
    const rows = colleaguePage.getByTestId('member-row')
    expect(await rows.count()).toBe(2)
    await rows.filter({ hasText: owner.email }).getByRole('cell', { name: 'Owner', exact: true }).waitFor()
    // A member reads the details and the members, and changes nothing but their own leaving.
    expect(await colleaguePage.getByRole('button', { name: 'Save details' }).count()).toBe(0)
    expect(await colleaguePage.getByRole('button', { name: 'Send invitation' }).count()).toBe(0)
    expect(await colleaguePage.getByRole('button', { name: /^Remove / }).count()).toBe(0)
    expect(await axeViolations(colleaguePage, 'main')).toEqual([])

    await colleaguePage.goto(`${env.server.url}/profile`)
    await colleaguePage.getByRole('link', { name: 'Bracket FEA' }).waitFor()

    // The link works once: opened again, it is gone (410).
    allowPageErrors(/status of 410/)
    const again = await open(colleague, await invitationLinkFor(colleague))
    await again.getByText('This invitation has expired, was used already or was withdrawn.', { exact: false }).waitFor()

    // An invitation withdrawn: the owner is told, the list no longer holds it, and its link is refused.
    const later = { ...colleague, email: 'later.colleague@example.test' }
    await ownerPage.getByLabel('Email', { exact: true }).fill(later.email)
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click()
    await ownerPage.getByTestId('invite-status').getByText(`Invitation sent to ${later.email}`).waitFor()
    const link = await invitationLinkFor(later)
    await ownerPage.getByRole('button', { name: `Withdraw the invitation to ${later.email}` }).click()
    await ownerPage.getByTestId('revoke-status').getByText('Invitation withdrawn').waitFor()
    // The list is read again after the answer arrives: the invitation leaves it.
    await ownerPage.getByTestId('invitation').filter({ hasText: later.email }).waitFor({ state: 'detached' })
    const withdrawn = await open(colleague, link)
    await withdrawn.getByText('This invitation has expired, was used already or was withdrawn.', { exact: false }).waitFor()
  })

  it('a member requests a job, and only an approver can accept its quote', async () => {
    const [owner, member, approver] = await Promise.all([env.user('boss'), env.user('engineer'), env.user('manager')])
    const ownerPage = await open(owner, '/profile/company')
    await inviteAndJoin(ownerPage, member, 'Member')
    await ownerPage.reload()
    await hydrated(ownerPage)
    await inviteAndJoin(ownerPage, approver, 'Approver')

    const id = await newJob(member, 'Manifold CFD')
    await env.gql(admin, 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }', {
      id,
      i: { validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), lines: [{ kind: 'service', service: 'cfd', hours: 4 }] },
    })

    const memberPage = await open(member, `/profile/jobs/${id}`)
    expect(await memberPage.getByTestId('quote-status').textContent()).toBe('Waiting for your answer')
    expect(await memberPage.getByRole('button', { name: 'Accept quote' }).count()).toBe(0)
    expect(await memberPage.getByRole('button', { name: 'Decline quote' }).count()).toBe(0)
    // Nor does the server take it from a member who asks anyway.
    const refused = await env.http(member).gql('mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    expect(refused.errors?.[0]?.message).toBe('Unauthorized')

    const approverPage = await open(approver, `/profile/jobs/${id}`)
    await approverPage.getByRole('button', { name: 'Accept quote' }).click()
    await approverPage.getByRole('alertdialog', { name: /^Accept quote Q-\d{6}\?$/ }).getByRole('button', { name: /^Accept £/ }).click()
    await approverPage.locator('header [data-stage]', { hasText: /^accepted$/ }).waitFor()
  })

  it('an owner removes a member, whose open session is refused at once; the last owner cannot leave', async () => {
    // The removed member's job page is refused (403), and so is the last owner's leaving (409).
    allowPageErrors(/status of 403/, /status of 409/)
    const [owner, member] = await Promise.all([env.user('founder'), env.user('leaver')])
    const id = await newJob(owner, 'Chassis FEA')
    const ownerPage = await open(owner, '/profile/company')
    await inviteAndJoin(ownerPage, member, 'Member')
    const memberPage = await open(member, `/profile/jobs/${id}`)
    await memberPage.getByRole('heading', { name: 'Chassis FEA' }).waitFor()

    await ownerPage.reload()
    await hydrated(ownerPage)
    await ownerPage.getByRole('button', { name: `Remove ${member.email}` }).click()
    await ownerPage.getByTestId('members-status').getByText('Member removed').waitFor()
    await expect.poll(() => ownerPage.getByTestId('member-row').count()).toBe(1)

    // The same session, the next request: the job is no longer theirs to see, through the page or the API.
    await memberPage.reload()
    await memberPage.getByText('That job was not found.').waitFor()
    const api = await env.http(member).gql('query($id: ID!) { getJobRequests(id: $id) { id } }', { id })
    expect(api.errors?.[0]?.message).toBe('Unauthorized')
    const files = await env.http(member).fetch(`/profile/jobs/${id}/view`)
    expect(files.status).toBe(403)

    // The last owner cannot leave while the company has no other owner.
    await ownerPage.getByRole('button', { name: 'Leave the company' }).click()
    await ownerPage.getByTestId('members-error').getByText('A company needs an owner: make someone else an owner first.').waitFor()
  })

  it('an admin views the portal as a client sees it, read-only, and it is recorded', async () => {
    // The change tried while viewing is refused (403).
    allowPageErrors(/status of 403/)
    const client = await env.user('viewed')
    await newJob(client, 'Turbine CFD')
    const page = await open(admin, `/profile?client=${client.id}`)
    await page.getByRole('button', { name: 'View as this client (read-only)' }).click()
    await page.getByTestId('view-as-banner').getByText(`You are viewing the portal as ${client.email}, read-only.`, { exact: false }).waitFor()
    await page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor()
    await page.getByRole('link', { name: 'Turbine CFD' }).waitFor()
    expect(await axeViolations(page, 'body')).toEqual([])

    // Nothing can be changed in this browser meanwhile, whatever the way in.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const post = await fetch(`${env.server.url}/profile`, { method: 'POST', headers: { cookie, origin: env.server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'intent=create-job-request&job=Sneaky' })
    expect(post.status).toBe(403)
    expect(await post.text()).toBe('Viewing the portal as a client is read-only. Stop viewing as the client to make changes.')
    const mutation = await fetch(`${env.server.url}/graphql`, { method: 'POST', headers: { cookie, origin: env.server.url, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation { createJobRequests(input: { job: "Sneaky" }) { id } }' }) })
    expect(mutation.status).toBe(403)
    // What the page reads is the client's own, not the consultancy's.
    const session = (await (await fetch(`${env.server.url}/api/session`, { headers: { cookie } })).json()) as { user: { email: string; isAdmin: boolean } }
    expect(session.user).toMatchObject({ email: client.email, isAdmin: false })

    await page.getByRole('button', { name: `Stop viewing as ${client.email}` }).click()
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
    expect(await page.getByTestId('view-as-banner').count()).toBe(0)
    const settings = await open(admin, '/profile/settings')
    await settings.locator(':not(option):text-is("Admin viewed the portal as the client (read-only)")').first().waitFor()
  })
})
