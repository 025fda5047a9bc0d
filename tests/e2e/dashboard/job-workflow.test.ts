import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatDate } from '../../../lib/format'
import { axeViolations } from '../../setup/axe'
import { allowPageErrors } from '../../setup/browser'
import { useDashboardEnv } from './dashboard-env'
import { cookieHeader, type SeededUser } from './seed'

/**
 * The whole loop in the browser, as the client and the consultancy each see it: a request, a quote,
 * its acceptance, the work, a message, a deliverable, its release, the job closed with a note and the archive, with the
 * mail each step sends, each page offering only the moves its viewer may make (a request is deleted
 * or withdrawn only until its quote is accepted); and a second client who sees none of it.
 */
describe('a job from request to delivered results', () => {
  const env = useDashboardEnv('job-workflow', ['admin'])
  let admin: SeededUser
  let client: SeededUser
  let stranger: SeededUser

  const open = async (user: SeededUser, path: string) => (await env.openHydrated(user, path)).page
  const mailTo = async (user: SeededUser, subject: RegExp) => {
    const deadline = Date.now() + 20_000
    for (;;) {
      const mails = await env.mail.all()
      const found = mails.find((m) => m.to.includes(user.email) && subject.test(m.subject))
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail to ${user.email} matching ${subject}: ${mails.filter((m) => m.to.includes(user.email)).map((m) => m.subject).join(' | ')}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  /** The client asks for the job on the dashboard's form; its link in the list, once it shows. */
  const requestJob = async (page: Page, job: string, reference: string) => {
    await page.getByLabel('Job', { exact: true }).fill(job)
    await page.getByLabel('Reference').fill(reference)
    await page.locator('form[aria-labelledby="job-form-title"] button[type="submit"]').click()
    const link = page.getByRole('link', { name: job })
    await link.waitFor()
    return link
  }
  const stage = (page: Page) => page.locator('header [data-stage]')
  /** The buttons of the page's "This job" card (cancel or decline, delete, archive, bring back), in order. */
  const recordButtons = (page: Page) => page.locator('section[aria-labelledby="job-record-title"] button').allTextContents()
  const waitForStage = (page: Page, words: string) => page.locator('header [data-stage]', { hasText: new RegExp(`^${words}$`) }).waitFor()

  beforeAll(async () => {
    ;[admin, client, stranger] = await Promise.all([env.user('admin'), env.user('client'), env.user('stranger')])
  })

  it('the client requests, the consultancy quotes, the client accepts, the work is delivered, released and closed', async () => {
    // The client asks for the job on the dashboard.
    let page = await open(client, '/profile')
    const link = await requestJob(page, 'Gearbox housing CFD', 'PO-9001')
    const jobPath = (await link.getAttribute('href'))!
    expect(jobPath).toMatch(/^\/profile\/jobs\/[0-9a-f-]{36}$/)
    await mailTo(admin, /^Gearbox housing CFD \(PO-9001\): new job request$/)
    await link.click()
    await page.waitForURL(`**${jobPath}`)
    await waitForStage(page, 'pending')
    expect(await page.getByText('No quote yet: we will quote your job here').count()).toBe(1)
    // Nothing to move but a cancellation (withdrawing it), set apart with the deletion at the foot of
    // the page; no quote form, and no deliverables yet. Not yet accepted, the request may still be
    // deleted, after an "Are you sure?".
    expect(await page.locator('#stage-actions-title').count()).toBe(0)
    expect(await recordButtons(page)).toEqual(['Cancel job', 'Delete job request'])
    expect(await page.getByRole('heading', { name: 'Write a quote' }).count()).toBe(0)
    await page.getByTestId('deliverables-pending').waitFor()

    // The consultancy quotes it from the catalogue.
    page = await open(admin, jobPath)
    await page.getByText('Client', { exact: true }).waitFor()
    await page.getByLabel('Service, line 1', { exact: true }).selectOption('cfd')
    await page.getByLabel('Hours, line 1', { exact: true }).fill('12')
    await page.getByRole('button', { name: 'Add a line' }).click()
    await page.getByLabel('Line 2', { exact: true }).selectOption('free')
    await page.getByLabel('Description, line 2', { exact: true }).fill('Geometry clean-up')
    await page.getByLabel('Amount (£), line 2', { exact: true }).fill('150')
    // CFD £85 × 12 h = £1,020, plus £150 = £1,170; VAT 20 % = £234.
    await page.getByTestId('quote-preview').getByText('Subtotal £1,170.00 + VAT at 20% £234.00 = £1,404.00').waitFor()
    await page.getByRole('button', { name: 'Send quote' }).click()
    await page.getByTestId('quote-form-status').getByText('Quote sent').waitFor()
    await waitForStage(page, 'quoted')
    const quoteMail = await mailTo(client, /^Gearbox housing CFD \(PO-9001\): quote Q-\d{6}$/)
    expect(quoteMail.raw.replace(/=\r?\n/g, '')).toContain(jobPath)

    // The client reads the quote, downloads it and accepts it.
    page = await open(client, jobPath)
    expect(await page.getByTestId('quote-total').textContent()).toBe('£1,404.00')
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download quote Q-\d{6} \(PDF\)$/ }).click()])
    expect(pdf.suggestedFilename()).toMatch(/^Q-\d{6}\.pdf$/)
    expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-')
    // Accepting names the total and asks once.
    await page.getByRole('button', { name: 'Accept quote' }).click()
    const acceptDialog = page.getByRole('alertdialog', { name: /^Accept quote Q-\d{6}\?$/ })
    expect(await acceptDialog.getByTestId('accept-quote-total').textContent()).toBe('£1,404.00')
    await acceptDialog.getByRole('button', { name: 'Accept £1,404.00' }).click()
    await waitForStage(page, 'accepted')
    await mailTo(admin, /quote Q-\d{6} accepted$/)
    // Accepted: the consultancy's record now. Nothing on the page withdraws or deletes it.
    await page.locator('#job-record-title').waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: /Cancel job|Delete/ }).count()).toBe(0)

    // The consultancy does the work, writes on the thread, attaches the report and releases it.
    page = await open(admin, jobPath)
    await page.getByLabel('Note for the timeline (optional)').fill('Meshing the housing today.')
    await page.getByRole('button', { name: 'Start work' }).click()
    await waitForStage(page, 'in progress')
    await page.getByLabel('Write a message').fill('The first pressure-drop results are in; the report follows.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByTestId('job-thread').getByText('The first pressure-drop results are in').waitFor()
    await page.getByLabel(/^Attach a deliverable/).setInputFiles({ name: 'pressure-drop-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% results\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') })
    await page.getByRole('button', { name: 'Upload deliverable' }).click()
    await page.getByTestId('job-deliverables').getByText('pressure-drop-report.pdf').waitFor()
    // A file attached by mistake is removed, after an "Are you sure?".
    await page.getByLabel(/^Attach a deliverable/).setInputFiles({ name: 'wrong-drawing.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% wrong\n%%EOF\n') })
    await page.getByRole('button', { name: 'Upload deliverable' }).click()
    await page.getByTestId('job-deliverables').getByText('wrong-drawing.pdf').waitFor()
    await page.getByRole('button', { name: 'Remove wrong-drawing.pdf' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' })
    expect(await confirm.getByText('This removes wrong-drawing.pdf. The client will no longer see or download it.').count()).toBe(1)
    await confirm.getByRole('button', { name: 'Yes' }).click()
    await page.getByTestId('deliverable-status').getByText('Deliverable removed').waitFor()
    await page.getByTestId('job-deliverables').getByText('wrong-drawing.pdf').waitFor({ state: 'detached' })
    expect(await page.getByTestId('job-deliverables').getByRole('listitem').count()).toBe(1)
    // Stored under a name the server made: the address is the one the page links to.
    const deliverableUrl = new URL((await page.getByTestId('job-deliverables').getByRole('link', { name: 'pressure-drop-report.pdf' }).getAttribute('href'))!, env.server.url).href
    // Not the client's yet.
    expect((await fetch(deliverableUrl, { headers: { cookie: cookieHeader(client) } })).status).toBe(403)
    // Completing is not offered before a release.
    expect(await page.getByRole('button', { name: 'Close with a note' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Release results' }).click()
    await waitForStage(page, 'released')
    // Released: the job waits for the client's sign-off; the consultancy may only close it with a note,
    // and neither archives nor deletes it.
    await page.getByRole('button', { name: 'Close with a note' }).waitFor()
    await page.getByLabel('Note for the timeline (required to close the job)').waitFor()
    expect(await page.getByRole('button', { name: /Archive job|Delete|Cancel job/ }).count()).toBe(0)
    expect(await axeViolations(page, 'main')).toEqual([])

    // The client: one unread message in the list, then every step on the timeline, and the report.
    page = await open(client, '/profile')
    const row = page.getByRole('row').filter({ hasText: 'Gearbox housing CFD' })
    await row.getByLabel('1 unread message').waitFor()
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('released')
    expect(await row.getByRole('button', { name: /Delete/ }).count()).toBe(0)
    await row.getByRole('link', { name: 'Gearbox housing CFD' }).click()
    await waitForStage(page, 'released')
    const timeline = await page.getByTestId('job-timeline').locator('li > p:first-of-type').allTextContents()
    expect(timeline.map((t) => t.split(' · ')[0])).toEqual(['Requested', 'Now quoted', 'Now accepted', 'Now in progress', 'Now released'])
    await page.getByTestId('job-timeline').getByText('Meshing the housing today.').waitFor()
    await page.getByTestId('job-thread').getByText('The first pressure-drop results are in').waitFor()
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('job-deliverables').getByRole('link', { name: 'pressure-drop-report.pdf' }).click()])
    expect(readFileSync((await report.path())!).toString()).toContain('% results')
    expect(await stage(page).textContent()).toBe('released')
    // Read now: the list counts no unread message.
    page = await open(client, '/profile')
    await page.getByRole('row').filter({ hasText: 'Gearbox housing CFD' }).getByRole('cell').nth(7).getByText('0').waitFor()

    // The mail the client got, each naming the job: the steps that came within one window in one mail.
    await mailTo(client, /release 1 issued for review$|\d+ updates$/)
    const toClient = (await env.mail.all()).filter((m) => m.to.includes(client.email))
    expect(toClient.length).toBeGreaterThan(0)
    expect(toClient.every((m) => m.subject.startsWith('Gearbox housing CFD (PO-9001): '))).toBe(true)
    const told = toClient.map((m) => `${m.subject}\n${m.raw.replace(/=\r?\n/g, '')}`).join('\n')
    for (const step of [/quote Q-\d{6}/, /now in progress/i, /new message/i, /release 1 issued for review/i, /pressure-drop-report\.pdf: revision P01/]) expect(told).toMatch(step)

    // The client has not signed off: the consultancy closes the job, saying why, then files it away:
    // out of the client's active list, listed apart, kept whole.
    page = await open(admin, jobPath)
    await page.getByRole('button', { name: 'Close with a note' }).click()
    await page.getByText('Say why the job is closed').waitFor()
    expect(await stage(page).textContent()).toBe('released')
    await page.getByLabel('Note for the timeline (required to close the job)').fill('Accepted by the client on the phone.')
    await page.getByRole('button', { name: 'Close with a note' }).click()
    await waitForStage(page, 'completed')
    await page.getByTestId('job-timeline').getByText('Accepted by the client on the phone.').waitFor()
    expect(await recordButtons(page)).toEqual(['Archive job'])
    await page.getByRole('button', { name: 'Archive job' }).click()
    await page.getByTestId('job-record-status').getByText('Job archived').waitFor()
    await page.getByTestId('job-archived').waitFor()
    expect(await recordButtons(page)).toEqual(['Bring back from the archive'])
    page = await open(client, '/profile')
    await page.getByText('No active job requests').waitFor()
    await page.getByText('Archived jobs (1)').click()
    const archivedRow = page.getByTestId('archived-jobs-scroll').getByRole('row').filter({ hasText: 'Gearbox housing CFD' })
    expect(await archivedRow.getByRole('cell').nth(4).textContent()).toBe('completed')
    expect(await archivedRow.getByRole('button').count()).toBe(0)
    await archivedRow.getByRole('link', { name: 'Gearbox housing CFD' }).click()
    await page.getByTestId('job-archived').waitFor()
    expect(await recordButtons(page)).toEqual([])
    await page.getByTestId('job-deliverables').getByRole('link', { name: 'pressure-drop-report.pdf' }).waitFor()

    // A second client sees none of it (the page answers 403, which the browser logs).
    allowPageErrors(/status of 403 \(Forbidden\)/)
    page = await open(stranger, jobPath)
    await page.getByText('That job was not found.').waitFor()
    expect(await page.getByText('Gearbox housing CFD').count()).toBe(0)
    expect((await fetch(deliverableUrl, { headers: { cookie: cookieHeader(stranger) } })).status).toBe(403)
    page = await open(stranger, '/profile')
    await page.getByText('No job requests found').waitFor()
  })

  it('a client withdraws a request: the consultancy is mailed, and the page it had open says what happened', async () => {
    let page = await open(client, '/profile')
    const link = await requestJob(page, 'Hopper wall FEA', 'PO-9002')
    const jobPath = (await link.getAttribute('href'))!
    await mailTo(admin, /^Hopper wall FEA \(PO-9002\): new job request$/)
    // The consultancy has the job open.
    const office = await open(admin, jobPath)
    await waitForStage(office, 'pending')

    // The client deletes it from its page, after an "Are you sure?".
    page = await open(client, jobPath)
    await page.getByRole('button', { name: 'Delete this job request' }).click()
    await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click()
    await page.waitForURL(`${env.server.url}/profile`)
    await page.getByRole('link', { name: 'Hopper wall FEA' }).waitFor({ state: 'detached' })

    const mail = await mailTo(admin, /^Hopper wall FEA \(PO-9002\): withdrawn by the client$/)
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(jobPath)

    // The consultancy's page, opened again (or from the mail), says what happened; so does the client's.
    // The page's data answers 410, which the browser logs; a stranger's, 404.
    allowPageErrors(/status of 410 \(Gone\)|status of 404 \(Not Found\)/)
    const said = `This job was withdrawn by the client on ${formatDate(new Date())}.`
    await office.reload()
    await office.getByRole('alert').getByText(said).waitFor()
    expect(await office.getByText('That job was not found.').count()).toBe(0)
    page = await open(client, jobPath)
    await page.getByRole('alert').getByText(said).waitFor()
    page = await open(stranger, jobPath)
    await page.getByText('That job was not found.').waitFor()
    expect(await page.getByText(/withdrawn|Hopper wall/).count()).toBe(0)
  })

  it('a client turns the optional job mail off and on in the dashboard’s settings, and each choice stays', async () => {
    let page = await open(client, '/profile/settings')
    const box = page.getByRole('checkbox', { name: /Email me when one of my jobs changes stage/ })
    expect(await box.isChecked()).toBe(true)
    await box.uncheck()
    await page.getByTestId('job-mails-status').getByText('Saved').waitFor()
    page = await open(client, '/profile/settings')
    const again = page.getByRole('checkbox', { name: /Email me when one of my jobs changes stage/ })
    expect(await again.isChecked()).toBe(false)

    // Turned on again, it stays on.
    await again.check()
    await page.getByTestId('job-mails-status').getByText('Saved').waitFor()
    page = await open(client, '/profile/settings')
    expect(await page.getByRole('checkbox', { name: /Email me when one of my jobs changes stage/ }).isChecked()).toBe(true)
  })
})
