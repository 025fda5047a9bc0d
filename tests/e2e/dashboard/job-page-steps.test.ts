import { beforeAll, describe, expect, it } from 'vitest'
import { useDashboardEnv, viewports, type Viewport } from './dashboard-env'
import { type SeededUser } from './seed'

/**
 * The job page's steps neither lose what was given nor commit without warning: a file chosen on the
 * thread goes with the message; accepting a quote names its total and asks once; the consultancy's
 * note shows beside the quote; an error on a quote line shows at that line.
 */
describe('the job page keeps what is given and says what is committed', () => {
  const env = useDashboardEnv('job-page-steps', ['office'])
  let admin: SeededUser
  let client: SeededUser

  beforeAll(async () => {
    ;[admin, client] = await Promise.all([env.user('office'), env.user('steps-client')])
  })

  const newJob = async (name: string) => (await env.gql<{ createJobRequests: { id: string } }>(client, 'mutation($j: String) { createJobRequests(input: { job: $j }) { id } }', { j: name })).createJobRequests.id
  const open = async (user: SeededUser, path: string, viewport?: Viewport) => (await env.openHydrated(user, path, viewport)).page

  it.each(viewports)('a file chosen on the thread is sent with the message without pressing Attach ($name, $width px)', async (viewport) => {
    const id = await newJob(`Valve body CFD (${viewport.name})`)
    const page = await open(client, `/profile/jobs/${id}`, viewport)
    await page.getByLabel('Write a message').fill('The inlet drawing, as promised.')
    await page.getByLabel('Attach a file (optional)').setInputFiles({ name: 'inlet-drawing.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% inlet\n%%EOF\n') })
    await page.getByRole('button', { name: 'Send message' }).click()
    const message = page.getByTestId('job-thread').getByRole('listitem').filter({ hasText: 'The inlet drawing, as promised.' })
    await message.waitFor()
    await message.getByTestId('job-message-files').getByText('inlet-drawing.pdf').waitFor()
    await page.getByTestId('thread-status').getByText('Message sent').waitFor()
    // The picker is empty again: nothing is left to send twice.
    expect(await page.getByLabel('Attach a file (optional)').inputValue()).toBe('')
    // The consultancy sees the file on the message.
    const office = await env.gql<{ getJobRequests: { id: string } }>(admin, 'query($id: ID!) { getJobRequests(id: $id) { id } }', { id })
    expect(office.getJobRequests.id).toBe(id)
  })

  it('accepting a quote shows its total and asks once; "Not yet" leaves it waiting', async () => {
    const id = await newJob('Pump skid FEA')
    await env.gql(admin, 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }', {
      id,
      i: { validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), note: 'Includes one round of revisions.', lines: [{ kind: 'service', service: 'fea', hours: 7.5 }] },
    })
    const page = await open(client, `/profile/jobs/${id}`)
    // The consultancy's note reads beside the quote, not only in its PDF.
    await page.getByTestId('quote-note').getByText('Includes one round of revisions.').waitFor()
    // Withdrawing the request is offered, at the foot of the page, apart from the quote's answer.
    const thisJob = page.locator('section[aria-labelledby="job-record-title"]')
    expect(await thisJob.getByRole('button', { name: 'Cancel job', exact: true }).count()).toBe(1)
    expect(await page.locator('[data-testid="current-quote"]').getByRole('button', { name: /Cancel/ }).count()).toBe(0)
    // FEA £80 × 7.5 h = £600, VAT 20 % = £120.
    await page.getByRole('button', { name: 'Accept quote' }).click()
    let dialog = page.getByRole('alertdialog', { name: /^Accept quote Q-\d{6}\?$/ })
    await dialog.waitFor()
    expect(await dialog.getByTestId('accept-quote-total').textContent()).toBe('£720.00')
    await dialog.getByRole('button', { name: 'Not yet' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('quote-status').textContent()).toBe('Waiting for your answer')
    expect(await page.locator('header [data-stage]').textContent()).toBe('quoted')

    await page.getByRole('button', { name: 'Accept quote' }).click()
    dialog = page.getByRole('alertdialog', { name: /^Accept quote Q-\d{6}\?$/ })
    await dialog.getByRole('button', { name: 'Accept £720.00' }).click()
    await page.locator('header [data-stage]', { hasText: /^accepted$/ }).waitFor()
    expect(await page.getByTestId('quote-status').textContent()).toBe('Accepted')
  })

  it('an error on a quote line shows at that line', async () => {
    const id = await newJob('Frame CAD')
    const page = await open(admin, `/profile/jobs/${id}`)
    await page.getByLabel('Hours, line 1', { exact: true }).fill('3')
    await page.getByRole('button', { name: 'Add a line' }).click()
    await page.getByLabel('Hours, line 2', { exact: true }).fill('0')
    await page.getByRole('button', { name: 'Send quote' }).click()
    const hours = page.getByLabel('Hours, line 2', { exact: true })
    await page.getByText('Line 2: hours must be more than 0').waitFor()
    expect(await hours.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Hours, line 1', { exact: true }).getAttribute('aria-invalid')).toBeNull()
    // The error is the one the hours control names as its description.
    const describedBy = (await hours.getAttribute('aria-describedby'))!.split(' ')[0]!
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Line 2: hours must be more than 0')
    // Corrected, it is sent.
    await hours.fill('2')
    await page.getByRole('button', { name: 'Send quote' }).click()
    await page.getByTestId('quote-form-status').getByText('Quote sent').waitFor()
  })
})
