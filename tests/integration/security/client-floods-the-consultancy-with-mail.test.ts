import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobMessages, outbox } from '../../../server/db/schema'
import { JOB_ACTION_LIMITS } from '../../../server/services/jobs/limit-job-action'
import { signUpAndVerify } from '../portal/support/accounts'
import { gqlData, type HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'

const OFFICE = 'office@example.test'
const ADMIN = 'flood-admin@example.test'
// The wait counts down from the first message of the window: a slow run may see a minute less.
const MESSAGES_REFUSED = /^You are sending messages too quickly\. Please wait (9|10) minutes and try again\.$/
const REQUESTS_REFUSED = /^You have sent many job requests in a short time\. Please wait (59|60) minutes and try again\.$/
const DECLINES_REFUSED = /^You have declined many quotes in a short time\. Please wait (59|60) minutes and try again\.$/
/** The refusal's words where a page's answer carries them (the encoded loader data). */
const within = (pattern: RegExp) => new RegExp(pattern.source.slice(1, -1))

/**
 * A client scripting the portal to flood the consultancy's inbox: every thread message, job request
 * and declined quote mails the consultancy. Each is limited per account (a clear refusal at the
 * form), and the mails of one job are grouped: a burst reaches the inbox as one mail listing every
 * event, not one mail each.
 */
describe("a client cannot flood the consultancy's inbox", () => {

  const newJob = async (c: HttpClient, name: string) => (await gqlData<{ createJobRequests: { id: string } }>(c, 'mutation($j: String) { createJobRequests(input: { job: $j, reference: "PO-1" }) { id } }', { j: name })).createJobRequests.id
  const post = (c: HttpClient, id: string, body: string) => c.gql('mutation($id: ID!, $b: String) { postJobMessage(jobId: $id, body: $b) { id } }', { id, b: body })
  /** A mail's text as the recipient reads it (quoted-printable decoded). */
  const textOf = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
  const officeMails = (subject: RegExp) => portal.smtp.mails.filter((m) => m.to.includes(OFFICE) && subject.test(m.subject))
  const waitForMail = async (subject: RegExp) => {
    await expect.poll(() => officeMails(subject).length, { timeout: 20_000 }).toBeGreaterThan(0)
    return officeMails(subject).at(-1)!
  }
  /** Every queued mail has been sent: the inbox holds all there will be. */
  const outboxDrained = async () => {
    await expect
      .poll(async () => (await portal.server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(and(eq(outbox.channel, 'mail'), eq(outbox.status, 'pending'))))[0]!.n, { timeout: 20_000 })
      .toBe(0)
  }

  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: ADMIN, JOB_NOTIFY_EMAIL: OFFICE, MAIL_GROUP_SECONDS: '3' }, { flooder: 'flooder@example.test', admin: ADMIN })

  it('a burst of thread messages reaches the consultancy as one mail listing each of them', async () => {
    const id = await newJob(accounts.flooder, 'Bracket FEA')
    await waitForMail(/^Bracket FEA \(PO-1\): new job request$/)
    for (let i = 1; i <= 5; i++) expect((await post(accounts.flooder, id, `Burst message ${i}`)).errors).toBeUndefined()

    const grouped = await waitForMail(/^Bracket FEA \(PO-1\): 5 updates$/)
    const text = textOf(grouped.raw)
    const positions = [1, 2, 3, 4, 5].map((i) => text.indexOf(`Burst message ${i}`))
    expect(positions.every((p) => p > 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(text).toContain('New message from the client')
    expect(text).toContain(`/profile/jobs/${id}`)
    await outboxDrained()
    // The request, then one mail for the five messages.
    expect(officeMails(/^Bracket FEA \(PO-1\): /).map((m) => m.subject)).toEqual(['Bracket FEA (PO-1): new job request', 'Bracket FEA (PO-1): 5 updates'])
  })

  it('refuses a client past its message limit, at the form and through the API, and not another client', async () => {
    const id = await newJob(accounts.flooder, 'Manifold CFD')
    const sent = Number((await portal.server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobMessages))[0]!.n)
    for (let i = sent + 1; i <= JOB_ACTION_LIMITS.message.limit; i++) expect((await post(accounts.flooder, id, `Message ${i}`)).errors).toBeUndefined()

    // The job page's form: its action answers 429 with the words the form shows.
    const form = await accounts.flooder.fetch(`/profile/jobs/${id}.data`, { method: 'POST', body: new URLSearchParams({ intent: 'post-message', body: 'One too many' }) })
    expect(form.status).toBe(429)
    expect(await form.text()).toMatch(within(MESSAGES_REFUSED))
    const api = await post(accounts.flooder, id, 'One too many')
    expect(api.errors?.[0]).toMatchObject({ message: expect.stringMatching(MESSAGES_REFUSED), extensions: { code: 'TOO_MANY_REQUESTS' } })
    const stored = await portal.server.ctx.db.select({ body: jobMessages.body }).from(jobMessages).where(eq(jobMessages.jobId, id))
    expect(stored.map((m) => m.body)).not.toContain('One too many')

    // Another client writes as usual.
    const other = await signUpAndVerify(portal, 'calm-client@example.test')
    expect((await post(other, await newJob(other, 'Fixture CAM'), 'Hello')).errors).toBeUndefined()

    // The flooder's messages on this job reached the inbox in a few mails, each listing several.
    await outboxDrained()
    const mails = officeMails(/^Manifold CFD \(PO-1\): (?!new job request)/)
    expect(mails.length).toBeGreaterThan(0)
    expect(mails.length).toBeLessThanOrEqual(3)
    const listed = mails.map((m) => textOf(m.raw)).join('\n')
    for (let i = sent + 1; i <= JOB_ACTION_LIMITS.message.limit; i++) expect(listed).toMatch(new RegExp(`\\bMessage ${i}\\r?\\n`))
  })

  it('refuses a client past its job request limit, at the dashboard form and through the API', async () => {
    const client = await signUpAndVerify(portal, 'requests@example.test')
    for (let i = 1; i <= JOB_ACTION_LIMITS.request.limit; i++) await newJob(client, `Study ${i}`)
    const form = await client.fetch('/profile.data', { method: 'POST', body: new URLSearchParams({ intent: 'create-job-request', job: 'Study 11', priority: '3' }) })
    expect(form.status).toBe(429)
    expect(await form.text()).toMatch(within(REQUESTS_REFUSED))
    const api = await client.gql('mutation { createJobRequests(input: { job: "Study 11" }) { id } }')
    expect(api.errors?.[0]).toMatchObject({ message: expect.stringMatching(REQUESTS_REFUSED), extensions: { code: 'TOO_MANY_REQUESTS' } })
    const listed = await gqlData<{ listJobRequests: { job: string }[] }>(client, '{ listJobRequests { job } }')
    expect(listed.listJobRequests).toHaveLength(JOB_ACTION_LIMITS.request.limit)
  })

  it('refuses a client past its limit of declined quotes', async () => {
    const client = await signUpAndVerify(portal, 'decliner@example.test')
    const quoted = async (name: string) => {
      const id = await newJob(client, name)
      await gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 1 }] }) { id } }', { id })
      return id
    }
    const decline = (id: string) => client.gql('mutation($id: ID!) { declineQuote(jobId: $id, reason: "Too dear") { status } }', { id })
    // One job, quoted again after every decline, so the job request limit is not what stops it.
    const id = await quoted('Housing CFD')
    for (let i = 1; i <= JOB_ACTION_LIMITS.decline.limit; i++) {
      expect((await decline(id)).errors).toBeUndefined()
      await gqlData(accounts.admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 1 }] }) { id } }', { id })
    }
    const form = await client.fetch(`/profile/jobs/${id}.data`, { method: 'POST', body: new URLSearchParams({ intent: 'decline-quote', reason: 'Still too dear' }) })
    expect(form.status).toBe(429)
    expect(await form.text()).toMatch(within(DECLINES_REFUSED))
    expect((await decline(id)).errors?.[0]).toMatchObject({ message: expect.stringMatching(DECLINES_REFUSED), extensions: { code: 'TOO_MANY_REQUESTS' } })
    // Accepting is never limited.
    expect((await client.gql('mutation($id: ID!) { acceptQuote(jobId: $id) { status } }', { id })).errors).toBeUndefined()
  })
})
