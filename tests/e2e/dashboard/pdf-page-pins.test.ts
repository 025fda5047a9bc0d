import PDFDocument from 'pdfkit'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../../setup/axe'
import { hydrated, useDashboardEnv } from './dashboard-env'
import type { SeededUser } from './seed'

/** Where page 2's blue square is drawn, in PDF points from the page's top left corner, on an A4 page (595.28 × 841.89 points). */
const SQUARE = { x: 300, y: 420, size: 160 }
const A4 = { width: 595.28, height: 841.89 }

/** A plan of three A4 pages made here: each says its number; page 2 alone has a blue square. */
function planPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, info: { Title: 'Plant room plan' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  for (const n of [1, 2, 3]) {
    doc.addPage()
    doc.fontSize(40).fillColor('#000000').text(`Plant room, sheet ${n}`, 60, 60)
    doc.rect(60, 140, 470, 4).fill('#444444')
    if (n === 2) doc.rect(SQUARE.x, SQUARE.y, SQUARE.size, SQUARE.size).fill('#1d4ed8')
  }
  doc.end()
  return done
}

/** The page drawn in the viewer: its number, once drawn. */
const drawnPage = (dialog: Locator) => dialog.locator('[data-testid="pdf-page"] canvas[data-rendered="true"]').getAttribute('data-page')

/** What the page's canvas holds: the share of its pixels that are not white, and of those that are the square's blue. */
const canvasPixels = (dialog: Locator) =>
  dialog.locator('[data-testid="pdf-page"] canvas[data-rendered="true"]').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    let inked = 0
    let blue = 0
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!]
      if (r < 240 || g < 240 || b < 240) inked += 1
      if (Math.abs(r - 0x1d) < 24 && Math.abs(g - 0x4e) < 24 && Math.abs(b - 0xd8) < 24) blue += 1
    }
    const all = data.length / 4
    return { inked: inked / all, blue: blue / all }
  })

/** The scripts the page has fetched so far (names under /assets/). */
const scriptsLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => /\.m?js$/.test(p)))
const isPdfJs = (path: string) => /\/assets\/(pdf-view|pdf\.worker\.min|pdf)-[\w-]+\.m?js$/.test(path)

/**
 * A comment pinned on a page of a PDF deliverable: the consultancy releases a PDF of three pages; the
 * client opens it in the viewer (PDF.js arrives only then, its worker from this site), goes to page 2,
 * zooms, pins a comment on the blue square, and after a reload opens the comment from the viewer's list
 * and from the job thread's link: each time the viewer is back on page 2 at that zoom with the pin in view.
 */
describe('comments pinned on a page of a PDF deliverable', () => {
  const env = useDashboardEnv('pdf-page-pins', ['pdf-office'])
  let admin: SeededUser
  let client: SeededUser
  let jobPath = ''
  let plan: Buffer

  beforeAll(async () => {
    ;[admin, client, plan] = await Promise.all([env.user('pdf-office'), env.user('pdf-client'), planPdf()])
    const { createJobRequests } = await env.gql<{ createJobRequests: { id: string } }>(admin, 'mutation($u: ID, $j: String) { createJobRequests(input: { user: $u, job: $j }) { id } }', { u: client.id, j: 'Plant room layout' })
    const id = createJobRequests.id
    await env.gql(admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "cad", hours: 2 }] }) { id } }', { id })
    await env.gql(client, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await env.gql(admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    jobPath = `/profile/jobs/${id}`
  })

  it('the client pins a comment on page 2, and the comment opens there again from the list and from the thread', async () => {
    // The consultancy uploads the plan and releases it as P01.
    const office = (await env.openHydrated(admin, jobPath)).page
    await office.getByLabel(/^Attach a deliverable/).setInputFiles({ name: 'plant-room.pdf', mimeType: 'application/pdf', buffer: plan })
    await office.getByRole('button', { name: 'Upload deliverable' }).click()
    await office.getByTestId('deliverable-document').getByText('Work in progress', { exact: true }).first().waitFor()
    await office.getByRole('button', { name: 'Release results' }).click()
    await office.locator('[data-testid="revision"][data-code="P01"]').waitFor()

    // The client's job page has not loaded PDF.js; the preview does, and its worker comes from this site.
    const { page } = await env.openHydrated(client, jobPath)
    const preview = page.getByTestId('deliverable-document').getByRole('button', { name: 'Preview plant-room.pdf' })
    await preview.waitFor()
    expect((await scriptsLoaded(page)).filter(isPdfJs)).toEqual([])
    await preview.click()
    const dialog = page.getByRole('dialog', { name: 'plant-room.pdf' })
    await expect.poll(() => drawnPage(dialog), { timeout: 30_000 }).toBe('1')
    expect(await dialog.getByTestId('pdf-page-count').textContent()).toBe('of 3')
    const loaded = await scriptsLoaded(page)
    expect(loaded.some((p) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(p))).toBe(true)
    expect(loaded.some((p) => /^\/assets\/pdf-view-[\w-]+\.js$/.test(p))).toBe(true)
    // Page 1 is drawn (ink on the canvas), without the blue square of page 2.
    const first = await canvasPixels(dialog)
    expect(first.inked).toBeGreaterThan(0.005)
    expect(first.blue).toBe(0)
    expect(await axeViolations(page, 'dialog[open]')).toEqual([])

    // Next page; from the keyboard the page turns on to 3 and back to 2, and zooms in: page 2 with its square.
    await dialog.getByRole('button', { name: 'Next page' }).click()
    await expect.poll(() => drawnPage(dialog)).toBe('2')
    const fitted = await dialog.getByTestId('pdf-zoom').textContent()
    await dialog.getByTestId('pdf-pages').focus()
    await page.keyboard.press('PageDown')
    await expect.poll(() => drawnPage(dialog)).toBe('3')
    expect(await dialog.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true)
    await page.keyboard.press('PageUp')
    await expect.poll(() => drawnPage(dialog)).toBe('2')
    await page.keyboard.press('+')
    await expect.poll(() => dialog.getByTestId('pdf-zoom').textContent()).not.toBe(fitted)
    const zoom = (await dialog.getByTestId('pdf-zoom').textContent())!
    await expect.poll(async () => (await canvasPixels(dialog)).blue).toBeGreaterThan(0.01)
    expect(await dialog.getByRole('spinbutton', { name: 'Page' }).inputValue()).toBe('2')

    // The Comment tool: a click on the middle of the square pins the comment there.
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
    const sheet = dialog.getByTestId('pdf-page')
    await sheet.scrollIntoViewIfNeeded()
    const square = { x: (SQUARE.x + SQUARE.size / 2) / A4.width, y: (SQUARE.y + SQUARE.size / 2) / A4.height }
    const box = (await sheet.boundingBox())!
    await dialog.getByTestId('pdf-pages').evaluate((el, [x, y]) => el.scrollTo({ left: x! - el.clientWidth / 2, top: y! - el.clientHeight / 2 }), [square.x * box.width, square.y * box.height])
    const shown = (await sheet.boundingBox())!
    await page.mouse.click(shown.x + square.x * shown.width, shown.y + square.y * shown.height)
    await dialog.getByTestId('comment-status').getByText(/^Pinned where you picked/).waitFor()
    await dialog.getByRole('textbox', { name: 'Your comment' }).fill('Dimension the pump plinth')
    await dialog.getByRole('button', { name: 'Add comment' }).click()
    await dialog.getByTestId('comments-panel').getByTestId('comment').filter({ hasText: 'Dimension the pump plinth' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByText('Comment on plant-room.pdf P01: Dimension the pump plinth').waitFor()

    /** The viewer shows page 2 at the pinned zoom, the comment's pin over the square and in view. */
    const expectOnThePin = async (at: Page, viewer: Locator) => {
      await expect.poll(() => drawnPage(viewer), { timeout: 30_000 }).toBe('2')
      await expect.poll(() => viewer.getByTestId('pdf-zoom').textContent()).toBe(zoom)
      await expect.poll(async () => (await canvasPixels(viewer)).blue).toBeGreaterThan(0.01)
      const pin = viewer.getByTestId('comment-pin')
      await expect.poll(() => pin.count()).toBe(1)
      await expect.poll(() => pin.getAttribute('data-active')).toBe('true')
      const page2 = (await viewer.getByTestId('pdf-page').boundingBox())!
      const marker = (await pin.boundingBox())!
      // The marker's tip (its bottom middle) is on the square's middle, within a few pixels.
      expect(Math.abs(marker.x + marker.width / 2 - (page2.x + square.x * page2.width))).toBeLessThan(4)
      expect(Math.abs(marker.y + marker.height - (page2.y + square.y * page2.height))).toBeLessThan(4)
      const view = (await viewer.getByTestId('pdf-pages').boundingBox())!
      expect(marker.x).toBeGreaterThanOrEqual(view.x)
      expect(marker.y).toBeGreaterThanOrEqual(view.y)
      expect(marker.x + marker.width).toBeLessThanOrEqual(view.x + view.width)
      expect(marker.y + marker.height).toBeLessThanOrEqual(view.y + view.height)
      await expect.poll(() => viewer.getByTestId('comments-panel').getByTestId('comment').getAttribute('aria-current')).toBe('true')
      expect(await at.getByRole('dialog').count()).toBe(1)
    }

    // After a reload the viewer opens on page 1; the comment in its list takes it back to page 2.
    await page.reload()
    await hydrated(page)
    await page.getByTestId('deliverable-document').getByRole('button', { name: 'Preview plant-room.pdf' }).click()
    const reopened = page.getByRole('dialog', { name: 'plant-room.pdf' })
    await expect.poll(() => drawnPage(reopened), { timeout: 30_000 }).toBe('1')
    expect(await reopened.getByTestId('comment-pin').count()).toBe(0)
    await reopened.getByRole('button', { name: /^Comment 1 by .+: show its view$/ }).click()
    await expectOnThePin(page, reopened)
    await reopened.getByRole('button', { name: 'Close' }).click()

    // The thread's link opens the viewer on the comment.
    await page.getByRole('link', { name: 'Open on the document' }).click()
    const linked = page.getByRole('dialog', { name: 'plant-room.pdf' })
    await linked.waitFor()
    await expectOnThePin(page, linked)
  })
})
