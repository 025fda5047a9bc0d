import { describe, expect, it } from 'vitest'
import { companyIdOf, moveIntoCompany } from '../../setup/company-of'
import { userIdOf } from './support/accounts'
import { gqlData } from './support/http-client'
import { portalWithAccounts } from './support/portal-with-accounts'

/**
 * Mail about a job goes to the members of its company who follow it: by default its requester and
 * the company's owners and approvers; a member may follow a job, and anyone may stop following one.
 * Never to another company, never to the member who caused it.
 */
describe('who in a company is mailed about a job', () => {
  const adminEmail = 'followers-admin@example.test'
  const emails = { owner: 'followers-owner@example.test', approver: 'followers-approver@example.test', member: 'followers-member@example.test', viewer: 'followers-viewer@example.test', other: 'followers-other@example.test' }
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: adminEmail, MAIL_GROUP_SECONDS: '1' }, { ...emails, admin: adminEmail })

  const mailedAbout = (title: string) => new Set(portal.smtp.mails.filter((m) => m.subject.startsWith(title)).flatMap((m) => m.to))
  /** The client company's members mailed about it (the consultancy's own mail aside). */
  const membersMailedAbout = (title: string) => [...mailedAbout(title)].filter((to) => to !== adminEmail).sort()
  const follow = async (who: 'member' | 'viewer' | 'owner' | 'approver', id: string, following: boolean) => {
    const res = await accounts[who].fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'set-following', following: String(following) }) })
    expect(res.status).toBe(200)
  }

  it('mails the requester, the owners and the approvers by default, and each member as they choose', async () => {
    const company = await companyIdOf(portal.server.ctx.db, await userIdOf(accounts.owner))
    for (const [who, role] of [['approver', 'approver'], ['member', 'member'], ['viewer', 'viewer']] as const) {
      await moveIntoCompany(portal.server.ctx.db, await userIdOf(accounts[who]), company, role)
    }
    // The member requests; the consultancy writes on the thread.
    const requested = (await gqlData<{ createJobRequests: { id: string } }>(accounts.member, 'mutation { createJobRequests(input: { job: "Hinge FEA" }) { id } }')).createJobRequests.id
    const message = (id: string, body: string) => gqlData(accounts.admin, 'mutation($id: ID!, $b: String) { postJobMessage(jobId: $id, body: $b) { id } }', { id, b: body })
    await message(requested, 'Which load case comes first?')
    await expect.poll(() => membersMailedAbout('Hinge FEA'), { timeout: 15_000 }).toEqual([emails.approver, emails.member, emails.owner].sort())

    // The viewer follows, the owner stops: the next news goes to the member, the approver and the viewer.
    await follow('viewer', requested, true)
    await follow('owner', requested, false)
    const page = (await (await accounts.viewer.fetch(`/profile/jobs/${requested}/view`)).json()) as { following?: boolean }
    expect(JSON.stringify(page)).toContain('"following":true')
    portal.smtp.mails.length = 0
    await new Promise((r) => setTimeout(r, 2500))
    await message(requested, 'The first results are in.')
    await expect.poll(() => membersMailedAbout('Hinge FEA'), { timeout: 15_000 }).toEqual([emails.approver, emails.member, emails.viewer].sort())
    // A client's own message goes to the consultancy, and to the colleagues who follow, never to its writer.
    portal.smtp.mails.length = 0
    await new Promise((r) => setTimeout(r, 2500))
    await gqlData(accounts.member, 'mutation($id: ID!, $b: String) { postJobMessage(jobId: $id, body: $b) { id } }', { id: requested, b: 'Load case 2 first, please.' })
    await expect.poll(() => mailedAbout('Hinge FEA').has(adminEmail), { timeout: 15_000 }).toBe(true)
    expect(mailedAbout('Hinge FEA').has(emails.member)).toBe(false)
    expect(mailedAbout('Hinge FEA').has(emails.other)).toBe(false)
  })

  it('lets no one follow a job of another company', async () => {
    const id = (await gqlData<{ createJobRequests: { id: string } }>(accounts.owner, 'mutation { createJobRequests(input: { job: "Private CFD" }) { id } }')).createJobRequests.id
    const res = await accounts.other.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams({ intent: 'set-following', following: 'true' }) })
    expect(res.status).toBe(403)
  })
})
