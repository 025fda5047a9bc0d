import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../../setup/axe'
import { uniqueName, useDashboardEnv, viewports, type Viewport } from './dashboard-env'
import type { SeededUser } from './seed'

/**
 * What the dashboard opens on, on a desktop and on a phone: the consultancy finds a new request in its
 * work queue (searched, filtered, a count in the header) and opens it; a client sees "What needs you"
 * with the quote and its total, and the jobs as cards on a phone with their stage visible.
 */
describe('the dashboard landing', () => {
  const env = useDashboardEnv('landing', ['admin'])
  let admin: SeededUser

  const newJob = async (user: SeededUser, job: string, reference: string) =>
    (await env.gql<{ createJobRequests: { id: string } }>(user, 'mutation($j: String, $r: String) { createJobRequests(input: { job: $j, reference: $r }) { id } }', { j: job, r: reference })).createJobRequests.id
  const open = async (user: SeededUser, path: string, viewport: Viewport) => (await env.openHydrated(user, path, viewport)).page
  /** Fully inside the window's width: nothing of it cut off or scrolled away sideways. */
  const fitsAcross = async (page: Page, selector: ReturnType<Page['locator']>) => {
    const box = (await selector.boundingBox())!
    const width = page.viewportSize()!.width
    return box.x >= 0 && box.x + box.width <= width
  }

  beforeAll(async () => {
    admin = await env.user('admin')
  })

  for (const viewport of viewports) {
    it(`the admin finds a new request from the work queue (${viewport.name}, ${viewport.width} px)`, async () => {
      const client = await env.user(uniqueName('queue-client'))
      const title = `Chassis weld FEA ${viewport.name}`
      const reference = uniqueName(`WQ-${viewport.name}-`)
      const id = await newJob(client, title, reference)

      const page = await open(admin, '/profile', viewport)
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
      await page.getByRole('heading', { name: 'Work queue' }).waitFor()
      // What needs the consultancy is counted in the header, beside the dashboard link.
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click()
      const badge = page.getByTestId('needs-us-badge').filter({ visible: true }).first()
      await badge.waitFor()
      expect(Number((await badge.textContent())?.match(/^\d+/)?.[0])).toBeGreaterThan(0)
      if (viewport.width < 768) await page.keyboard.press('Escape')

      // Searched by its reference and narrowed to what needs the consultancy, by keyboard.
      await page.getByLabel('Search title or reference').fill(reference)
      await page.getByLabel('Needs us').check()
      await page.getByLabel('Search title or reference').press('Enter')
      await page.waitForURL((url) => url.searchParams.get('q') === reference && url.searchParams.get('needs') === '1')
      const rows = page.getByTestId('work-queue-row')
      // The filtered list replaces the whole queue: this one job only.
      await expect.poll(() => rows.count()).toBe(1)
      await rows.filter({ hasText: title }).waitFor()
      const row = rows.first()
      expect(await row.getByText('New request to quote').isVisible()).toBe(true)
      expect(await row.getByText('pending').isVisible()).toBe(true)
      expect(await row.getByText(client.email).isVisible()).toBe(true)
      if (viewport.width < 768) expect(await fitsAcross(page, row)).toBe(true)
      expect(await axeViolations(page, 'main')).toEqual([])

      // The filtered queue is an address: opened again, it shows the same.
      const again = await open(admin, `/profile?q=${encodeURIComponent(reference)}&needs=1`, viewport)
      await again.getByTestId('work-queue-row').filter({ hasText: title }).waitFor()
      expect(await again.getByLabel('Search title or reference').inputValue()).toBe(reference)

      // A search that matches nothing says so.
      await page.getByLabel('Search title or reference').fill(`${reference}-nothing`)
      await page.getByRole('button', { name: 'Filter' }).click()
      await page.getByText('No jobs match these filters.').waitFor()
      await page.goBack()
      await rows.filter({ hasText: title }).waitFor()

      await row.getByRole('link', { name: title }).click()
      await page.waitForURL(`**/profile/jobs/${id}`)
      await page.locator('header [data-stage]', { hasText: /^pending$/ }).waitFor()
      await page.getByText(client.email).first().waitFor()
    })

    it(`the client sees "What needs you" with the quote (${viewport.name}, ${viewport.width} px)`, async () => {
      const client = await env.user(uniqueName('needs-client'))
      const title = `Pump casing CFD ${viewport.name}`
      const id = await newJob(client, title, uniqueName('NY-'))
      const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
      await env.gql(admin, 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }', {
        id,
        i: { validUntil, lines: [{ kind: 'free', description: 'Meshing and solving', amount: 630 }] },
      })

      const page = await open(client, '/profile', viewport)
      await page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor()
      const needs = page.getByRole('region', { name: 'What needs you' })
      const item = needs.getByTestId('needs-you-item').filter({ hasText: title })
      await item.waitFor()
      const words = await item.textContent()
      expect(words).toMatch(/Quote to accept or decline: £[\d,]+\.\d\d total, valid until \d{1,2} [A-Z][a-z]{2} \d{4}/)
      const quoteWords = item.getByText(/Quote to accept or decline/)
      expect(await quoteWords.isVisible()).toBe(true)
      expect(await fitsAcross(page, quoteWords)).toBe(true)
      // "What needs you" comes first, above the jobs and the documents; the settings are on their own page.
      const order = await page.locator('main h2').allTextContents()
      expect(order.indexOf('What needs you')).toBe(0)
      expect(order.indexOf('What needs you')).toBeLessThan(order.indexOf('Job Requests'))
      expect(order.indexOf('Job Requests')).toBeLessThan(order.indexOf('My Documents'))
      expect(order).not.toContain('Sign-in and security')
      // The job's stage is visible in the list, also as a card on a phone.
      const jobRow = page.getByRole('region', { name: 'Job requests table' }).getByRole('row').filter({ hasText: title })
      expect(await jobRow.getByText('quoted', { exact: true }).isVisible()).toBe(true)
      if (viewport.width < 768) expect(await fitsAcross(page, jobRow)).toBe(true)
      expect(await axeViolations(page, 'main')).toEqual([])

      await item.getByRole('link', { name: `Review the quote: ${title}` }).click()
      await page.waitForURL(`**/profile/jobs/${id}`)
      const shownTotal = page.getByTestId('quote-total')
      await shownTotal.waitFor()
      expect(words).toContain(await shownTotal.textContent())
      expect(await page.getByRole('button', { name: 'Accept quote' }).count()).toBe(1)
    })
  }

  it('the settings have their own page, with every section and its words', async () => {
    const client = await env.user(uniqueName('settings-client'))
    const page = await open(client, '/profile', viewports[0])
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL('**/profile/settings')
    await page.getByRole('heading', { level: 1, name: 'User Dashboard' }).waitFor()
    for (const name of ['Your details', 'Company logo', 'Sign-in and security', 'API tokens', 'Job emails']) await page.getByRole('heading', { name, exact: true }).first().waitFor()
    expect(await page.getByRole('heading', { name: 'What needs you' }).count()).toBe(0)
    expect(await axeViolations(page, 'main')).toEqual([])
  })
})
