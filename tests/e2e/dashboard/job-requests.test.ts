import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buttonReads, hydrated, submitSlowly, unexpectedErrors, useDashboardEnv } from './dashboard-env'
import { cookieHeader, seedJobRequests } from './seed'

describe('dashboard: job requests', () => {
  const env = useDashboardEnv('dashboard-jobs')

  it('a client places a job request with an attached file, sees it listed, and deletes it after confirming', async () => {
    const { user, page, errors } = await env.openAsNewUser('jobs')
    await page.getByText('No job requests found').waitFor()

    await page.getByLabel('Job', { exact: true }).fill('Bracket FEA')
    await page.getByLabel('Reference').fill('PO-2231')
    await page.getByLabel('Instructions').fill('Static load case, 2 kN at the tip.')
    const slider = page.getByRole('slider', { name: /Priority/ })
    expect(await slider.inputValue()).toBe('3')
    expect(await slider.getAttribute('min')).toBe('1')
    expect(await slider.getAttribute('max')).toBe('5')
    await page.locator('#job-priority-scale').getByText('Low').waitFor()
    await page.locator('#job-priority-scale').getByText('High').waitFor()
    await slider.fill('5')
    const attachment = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    await page.getByLabel('Attach files (optional)').setInputFiles({ name: 'bracket-drawing.pdf', mimeType: 'application/pdf', buffer: attachment })

    const button = await submitSlowly(page, 'job-form-title', 500, { idle: 'Request this job', busy: 'Placing job request' })
    await buttonReads(button, 'Request this job', { timeout: 20_000 })
    await page.getByText('Job request placed', { exact: true }).waitFor()

    const row = page.getByRole('row').filter({ hasText: 'Bracket FEA' })
    await row.waitFor()
    const cells = await row.getByRole('cell').allTextContents()
    expect(cells.slice(0, 6)).toEqual(['Bracket FEA', 'PO-2231', 'Static load case, 2 kN at the tip.', '5', 'pending', 'bracket-drawing.pdf'])
    expect(cells[6]).toMatch(/\d{4}/)
    // The form is ready for the next request.
    expect(await page.getByLabel('Job', { exact: true }).inputValue()).toBe('')
    expect(await slider.inputValue()).toBe('3')

    // The attachment is stored under job-files/{jobRequestId}/ and served to its owner only.
    const href = await row.getByRole('link', { name: 'bracket-drawing.pdf' }).getAttribute('href')
    expect(href).toMatch(/^\/files\/job-files\/[0-9a-f-]{36}\/bracket-drawing\.pdf$/)
    expect(await row.getByRole('link', { name: 'bracket-drawing.pdf' }).getAttribute('target')).toBe('_blank')
    const own = await fetch(env.server.url + href, { headers: { cookie: cookieHeader(user) } })
    expect(own.status).toBe(200)
    expect(createHash('sha256').update(Buffer.from(await own.arrayBuffer())).digest('hex')).toBe(createHash('sha256').update(attachment).digest('hex'))
    const guest = await fetch(env.server.url + href)
    expect(guest.ok).toBe(false)

    // Stored in the record's own form (priority as text "1" to "5", files a JSON list), read back through the data API the scripts use.
    const api = await fetch(`${env.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(user), origin: env.server.url },
      body: JSON.stringify({ query: '{ listJobRequests { id user job reference instructions status priority files membership } }' }),
    })
    const { data } = (await api.json()) as { data: { listJobRequests: Record<string, string>[] } }
    const stored = data.listJobRequests[0]!
    expect(stored).toMatchObject({ user: user.id, job: 'Bracket FEA', reference: 'PO-2231', instructions: 'Static load case, 2 kN at the tip.', status: 'pending', priority: '5', membership: 'true' })
    expect(JSON.parse(stored.files!)).toEqual([`job-files/${stored.id}/bracket-drawing.pdf`])

    // Delete asks first; "No!" keeps the request.
    await row.getByRole('button', { name: /Delete the job request Bracket FEA/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog.waitFor()
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['No!', 'Yes'])
    await dialog.getByRole('button', { name: 'No!' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await row.count()).toBe(1)
    await row.getByRole('button', { name: /Delete the job request Bracket FEA/ }).click()
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await page.getByText('No job requests found').waitFor()
    // Its files went with it.
    expect((await fetch(env.server.url + href, { headers: { cookie: cookieHeader(user) } })).ok).toBe(false)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('an attachment of a type that is not accepted is named before anything is placed', async () => {
    const { page, errors } = await env.openAsNewUser('refused')
    await page.getByLabel('Job', { exact: true }).fill('With a bad file')
    await page.getByLabel('Attach files (optional)').setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') })
    await page.getByRole('button', { name: 'Request this job' }).click()
    await page.getByText(/^tool\.exe: this file type is not accepted\. Please choose images \(JPEG/).waitFor()
    expect(await page.getByLabel('Attach files (optional)').getAttribute('aria-invalid')).toBe('true')
    await page.getByText('No job requests found').waitFor()
    expect(await page.getByLabel('Job', { exact: true }).inputValue()).toBe('With a bad file')
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('the job list scrolls within 500 px and shows the newest first', async () => {
    const user = await env.user('many')
    // More than a client may place in an hour: written straight into the database.
    await seedJobRequests(env.server, user, Array.from({ length: 14 }, (_, i) => ({ job: `Job ${i + 1}`, reference: `R${i + 1}`, priority: String(((i + 1) % 5) + 1) })))
    const { page, errors } = await env.openHydrated(user)
    const scroller = page.getByTestId('job-requests-scroll')
    await scroller.waitFor()
    const box = await scroller.evaluate((el) => ({ max: getComputedStyle(el).maxHeight, client: el.clientHeight, scroll: el.scrollHeight, overflow: getComputedStyle(el).overflowY }))
    expect(box.max).toBe('500px')
    expect(box.client).toBeLessThanOrEqual(500)
    expect(box.scroll).toBeGreaterThan(box.client)
    expect(box.overflow).toBe('auto')
    expect(await scroller.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('Job 14')
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('shows that the lists are loading until they arrive', async () => {
    const user = await env.user('slow')
    const { page, errors } = await env.open(user, '/')
    await page.route(/\/profile\/(job-requests|documents)/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.goto(env.server.url + '/profile')
    await page.getByText('Loading job requests...').waitFor()
    await page.getByText('Loading documents...').waitFor()
    await page.getByText('No job requests found').waitFor()
    await page.getByText('No files found').waitFor()
    expect(await page.getByText('Loading job requests...').count()).toBe(0)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('shows "Error fetching job requests" when the list cannot be read', async () => {
    const user = await env.user('failing')
    const { page, errors } = await env.open(user, '/')
    await page.route('**/profile/job-requests*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }))
    await page.goto(env.server.url + '/profile')
    await hydrated(page)
    await page.getByText('Error fetching job requests').waitFor()
    // The rest of the dashboard still works.
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor()
    await page.getByText('No files found').waitFor()
    expect(unexpectedErrors(errors, [/status of 500/])).toEqual([])
  })

  it('a client cannot read or delete another client’s job requests', async () => {
    const owner = await env.user('owner')
    const other = await env.user('other')
    const form = new URLSearchParams({ intent: 'create-job-request', job: 'Private job', reference: 'X', instructions: '', priority: '3' })
    await fetch(`${env.server.url}/profile`, { method: 'POST', body: form, headers: { cookie: cookieHeader(owner), origin: env.server.url } })
    const list = (await (await fetch(`${env.server.url}/profile/job-requests`, { headers: { cookie: cookieHeader(owner) } })).json()) as { jobRequests: { id: string }[] }
    const id = list.jobRequests[0]!.id

    const peek = await fetch(`${env.server.url}/profile/job-requests?client=${owner.id}`, { headers: { cookie: cookieHeader(other) } })
    expect(peek.status).toBe(403)
    const del = await fetch(`${env.server.url}/profile`, { method: 'POST', body: new URLSearchParams({ intent: 'delete-job-request', id }), headers: { cookie: cookieHeader(other), origin: env.server.url } })
    expect(del.status).toBeGreaterThanOrEqual(400)
    const after = (await (await fetch(`${env.server.url}/profile/job-requests`, { headers: { cookie: cookieHeader(owner) } })).json()) as { jobRequests: { id: string }[] }
    expect(after.jobRequests.map((j) => j.id)).toEqual([id])
  })
})
