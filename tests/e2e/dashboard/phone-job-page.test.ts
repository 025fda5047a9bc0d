import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dxfSquare, stepAssembly } from '../../fixtures/cad-files'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import { axeViolations } from '../../setup/axe'
import { uniqueName, useDashboardEnv, viewports, type Viewport } from './dashboard-env'
import { type SeededUser } from './seed'

const phone = viewports[1]

/**
 * A job's page and the viewer on a phone as on a desktop: the page never scrolls sideways, the quote's
 * lines, subtotal, VAT and total are all in view, the files, thread, timeline and actions fit the
 * width; the viewer fills a phone's screen with the model or drawing, and its parts or layers list
 * opens from a drawer's button.
 */
describe("a job's page and the viewer on a phone", () => {
  const env = useDashboardEnv('phone-job-page', ['office'])
  let admin: SeededUser
  let client: SeededUser
  let jobId: string

  const upload = async (name: string, content: string | Buffer, meta: Record<string, string>) => {
    const r = await tusUpload(env.http(client), Buffer.from(content), { filename: name, ...meta })
    expect(r.status, r.body).toBe(204)
    return r
  }
  /** A page of its own at the viewport's size from the first paint, signed in as the user. */
  const open = async (user: SeededUser, path: string, viewport: Viewport) => (await env.openHydrated(user, path, viewport)).page
  /** The page is no wider than the window: nothing to scroll to sideways. */
  const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, window: innerWidth }))
  /** Scrolled to the middle, the element lies wholly inside the window, cut off on no side, and nothing lies over its middle. */
  const wholeInView = async (page: Page, element: Locator) => {
    // The page alone scrolls, down to put it in the middle of the window, clear of the site's header
    // fixed at its top; a box that scrolls sideways inside the page is left as it is, as a reader finds it.
    await element.evaluate((el) => {
      const r = el.getBoundingClientRect()
      window.scrollTo(0, scrollY + r.top + r.height / 2 - innerHeight / 2)
    })
    const box = (await element.boundingBox())!
    const { width, height } = page.viewportSize()!
    const inside = box.width > 0 && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
    const uncovered = await element.evaluate((el, [x, y]) => {
      const top = document.elementFromPoint(x!, y!)
      return top !== null && (el.contains(top) || top.contains(el))
    }, [box.x + box.width / 2, box.y + box.height / 2])
    return inside && uncovered
  }

  beforeAll(async () => {
    ;[admin, client] = await Promise.all([env.user('office'), env.user(uniqueName('phone-client'))])
    jobId = (await env.gql<{ createJobRequests: { id: string } }>(client, 'mutation($j: String, $r: String) { createJobRequests(input: { job: $j, reference: $r }) { id } }', { j: 'Gearbox housing thermal-structural assessment', r: 'GBX-2026-0042' })).createJobRequests.id
    await upload('gearbox-assembly-revision-C-final.step', stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 10, at: [20, 0, 0] }, { name: 'Pin', size: 5, at: [0, 0, 15] }]), { kind: 'job-files', jobRequestId: jobId })
    await upload('mounting-plate.dxf', dxfSquare(10), { kind: 'job-files', jobRequestId: jobId })
    const attached = await upload('bolt-pattern.dxf', dxfSquare(20), { kind: 'job-messages', jobRequestId: jobId })
    await env.gql(client, 'mutation($id: ID!, $f: [String!]) { postJobMessage(jobId: $id, body: "The housing as assembled; see https://example.com/drawings/gearbox-housing-assembly-revision-C-final-issue.", files: $f) { id } }', { id: jobId, f: [attached.path] })
    await env.gql(admin, 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }', {
      id: jobId,
      i: {
        validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        note: 'Includes one round of revisions.',
        lines: [
          { kind: 'service', service: 'fea', hours: 12.5 },
          { kind: 'free', description: 'Thermal-structural coupling of the bearing housings with contact', amount: 1250 },
        ],
      },
    })
  })

  for (const viewport of viewports) {
    it(`the client reads the whole quote, its total in view, and every part of the page fits (${viewport.name}, ${viewport.width} px)`, async () => {
      const page = await open(client, `/profile/jobs/${jobId}`, viewport)
      const quote = page.getByTestId('current-quote')
      await quote.waitFor()
      const size = await pageWidth(page)
      expect(size.scroll).toBeLessThanOrEqual(size.window)

      // FEA £80 × 12.5 h = £1,000, the other line £1,250: subtotal £2,250, VAT 20 % £450, total £2,700.
      // The quote's number reads on one line.
      expect((await quote.locator('caption').boundingBox())!.height).toBeLessThan(40)
      const total = page.getByTestId('quote-total')
      expect(await total.textContent()).toBe('£2,700.00')
      expect(await wholeInView(page, total)).toBe(true)
      const rows = quote.getByRole('row')
      const amounts: Record<string, string> = { Subtotal: '£2,250.00', 'VAT at 20%': '£450.00', Total: '£2,700.00' }
      for (const [label, amount] of Object.entries(amounts)) {
        const row = rows.filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        expect(await row.getByRole('cell').textContent(), label).toBe(amount)
        expect(await wholeInView(page, row.getByRole('rowheader')), label).toBe(true)
        expect(await wholeInView(page, row.getByRole('cell')), label).toBe(true)
      }
      // Every cell of every line, its amount last: £80 × 12.5 h, then the line priced as a whole.
      const lines = quote.getByTestId('quote-line-row')
      expect(await lines.count()).toBe(2)
      expect(await lines.nth(0).getByRole('cell').last().textContent()).toBe('£1,000.00')
      expect(await lines.nth(1).getByRole('cell').last().textContent()).toBe('£1,250.00')
      for (const cell of await quote.getByTestId('quote-line-row').getByRole('cell').all()) expect(await wholeInView(page, cell), (await cell.textContent()) ?? '').toBe(true)
      const line = quote.getByTestId('quote-line-row').filter({ hasText: 'Thermal-structural coupling' })
      expect(await wholeInView(page, line)).toBe(true)
      // On a phone each cell names its column; on a desktop the table's head does.
      if (viewport.width < 768) expect(await line.getByRole('cell').last().evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Amount"')
      else expect(await quote.getByRole('columnheader', { name: 'Amount' }).isVisible()).toBe(true)

      // The answer to the quote, the files, the thread and the timeline all fit the width.
      expect(await wholeInView(page, page.getByRole('button', { name: 'Accept quote' }))).toBe(true)
      expect(await wholeInView(page, page.getByRole('button', { name: 'Decline…' }))).toBe(true)
      const files = page.getByTestId('job-client-files')
      expect(await wholeInView(page, files.getByRole('link', { name: 'gearbox-assembly-revision-C-final.step' }))).toBe(true)
      expect(await wholeInView(page, files.getByRole('button', { name: 'Preview gearbox-assembly-revision-C-final.step' }))).toBe(true)
      const message = page.getByTestId('job-thread').getByRole('listitem').filter({ hasText: 'The housing as assembled' })
      expect(await wholeInView(page, message)).toBe(true)
      expect(await wholeInView(page, message.getByRole('button', { name: 'Preview bolt-pattern.dxf' }))).toBe(true)
      expect(await wholeInView(page, page.getByTestId('job-timeline'))).toBe(true)
      expect(await wholeInView(page, page.getByRole('button', { name: 'Send message' }))).toBe(true)
      expect(await wholeInView(page, page.getByRole('button', { name: 'Cancel job', exact: true }))).toBe(true)
      const after = await pageWidth(page)
      expect(after.scroll).toBeLessThanOrEqual(after.window)
      expect(await axeViolations(page, 'main')).toEqual([])
    })

    it(`the consultancy's page of the job fits too, its quote form and moves within reach (${viewport.name}, ${viewport.width} px)`, async () => {
      const page = await open(admin, `/profile/jobs/${jobId}`, viewport)
      await page.getByTestId('current-quote').waitFor()
      const size = await pageWidth(page)
      expect(size.scroll).toBeLessThanOrEqual(size.window)
      expect(await wholeInView(page, page.getByTestId('quote-total'))).toBe(true)
      expect(await wholeInView(page, page.getByRole('button', { name: 'Send quote' }))).toBe(true)
      expect(await wholeInView(page, page.getByLabel('Valid until'))).toBe(true)
      expect(await wholeInView(page, page.getByText(client.email).first())).toBe(true)
    })
  }

  it('on a phone the viewer fills the screen with a STEP assembly, its parts in a drawer the keyboard opens and closes', async () => {
    const page = await open(client, `/profile/jobs/${jobId}`, phone)
    const name = 'gearbox-assembly-revision-C-final.step'
    await page.getByRole('button', { name: `Preview ${name}` }).click()
    const dialog = page.getByRole('dialog', { name })
    await dialog.waitFor()
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"]'), undefined, { timeout: 60_000 })
    expect(await dialog.getByTestId('model-size').textContent()).toBe('Size: 30 × 10 × 20 mm')

    // The dialog is the whole screen; the canvas takes its width and most of its height.
    const screen = (await dialog.boundingBox())!
    expect(screen).toMatchObject({ x: 0, y: 0, width: phone.width, height: phone.height })
    const canvas = (await dialog.getByTestId('model-canvas').boundingBox())!
    expect(canvas.width).toBeGreaterThanOrEqual(0.9 * phone.width)
    expect(canvas.height).toBeGreaterThanOrEqual(0.6 * phone.height)

    // The parts list waits in its drawer until its button opens it, from the keyboard as well.
    const parts = dialog.getByTestId('model-parts')
    const toggle = dialog.getByRole('button', { name: 'Parts', exact: true })
    expect(await parts.isVisible()).toBe(false)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.getAttribute('aria-controls')).toBe(await parts.getAttribute('id'))
    await toggle.focus()
    await page.keyboard.press('Enter')
    await parts.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await parts.locator('label').allTextContents()).toEqual(['Assembly', 'Base', 'Lid', 'Pin'])
    const drawer = (await parts.boundingBox())!
    expect(drawer.x).toBeGreaterThanOrEqual(0)
    expect(drawer.x + drawer.width).toBeLessThanOrEqual(phone.width)
    await parts.getByRole('checkbox', { name: 'Lid' }).uncheck()
    expect(await parts.getByRole('checkbox', { name: 'Lid' }).isChecked()).toBe(false)
    await toggle.focus()
    await page.keyboard.press(' ')
    await parts.waitFor({ state: 'hidden' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    // The canvas kept its size while the drawer came and went.
    expect((await dialog.getByTestId('model-canvas').boundingBox())!.width).toBe(canvas.width)

    // Escape still closes the viewer, with the drawer open too, and the focus goes back to Preview.
    await toggle.click()
    await parts.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Preview ${name}`)
  })

  it('on a phone a DXF drawing takes the whole width, its layers in a drawer', async () => {
    const page = await open(client, `/profile/jobs/${jobId}`, phone)
    await page.getByRole('button', { name: 'Preview mounting-plate.dxf' }).click()
    const dialog = page.getByRole('dialog', { name: 'mounting-plate.dxf' })
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"]'), undefined, { timeout: 60_000 })
    expect(await dialog.getByTestId('model-size').textContent()).toBe('Extent: 10 × 10 mm')
    const canvas = (await dialog.getByTestId('model-canvas').boundingBox())!
    expect(canvas.width).toBeGreaterThanOrEqual(0.9 * phone.width)
    expect(canvas.height).toBeGreaterThanOrEqual(0.6 * phone.height)
    const layers = dialog.getByTestId('drawing-layers')
    expect(await layers.isVisible()).toBe(false)
    await dialog.getByRole('button', { name: 'Layers', exact: true }).click()
    await layers.getByRole('checkbox', { name: 'CENTRE' }).uncheck()
    expect(await layers.getByRole('checkbox', { name: 'OUTLINE' }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('on a desktop the parts list stays beside the canvas, with no drawer button', async () => {
    const page = await open(client, `/profile/jobs/${jobId}`, viewports[0])
    const name = 'gearbox-assembly-revision-C-final.step'
    await page.getByRole('button', { name: `Preview ${name}` }).click()
    const dialog = page.getByRole('dialog', { name })
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"]'), undefined, { timeout: 60_000 })
    const parts = dialog.getByTestId('model-parts')
    await parts.getByRole('checkbox', { name: 'Pin' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Parts', exact: true }).isVisible()).toBe(false)
    const canvas = (await dialog.getByTestId('model-canvas').boundingBox())!
    const list = (await parts.boundingBox())!
    expect(list.x).toBeGreaterThanOrEqual(canvas.x + canvas.width)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })
})
