import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dxfSquare, stepAssembly, stlCubeBinary } from '../../fixtures/cad-files'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import { axeViolations } from '../../setup/axe'
import { useDashboardEnv, viewports } from './dashboard-env'
import { canvasPixels, colourShares, drawnOver, eachPixel, settleCanvas, type Rgb } from './model-canvas'
import type { SeededUser } from './seed'

const isRed = ([r, g, b]: Rgb) => r > g + 60 && r > b + 60
const isBlue = ([r, g, b]: Rgb) => b > r + 60 && g > r + 30

/** The share of a canvas's pixels in each colour family the comparison draws (read from a 2D copy of the WebGL canvas). */
async function colours(canvas: Locator): Promise<{ drawn: number; green: number; amber: number; red: number; blue: number }> {
  return colourShares(await canvasPixels(canvas), {
    drawn: drawnOver,
    green: ([r, g, b]) => g > r + 40 && g > b + 40,
    amber: ([r, g, b]) => r > g + 30 && g > b + 40,
    red: isRed,
    blue: isBlue,
  })
}

/** The box around a canvas's pixels of one colour family ("red" or "blue"), as [left, top, right, bottom] in canvas pixels. */
async function colourBox(canvas: Locator, family: 'red' | 'blue'): Promise<number[]> {
  const inFamily = family === 'red' ? isRed : isBlue
  const box = [Infinity, Infinity, -Infinity, -Infinity]
  eachPixel(await canvasPixels(canvas), (rgb, x, y) => {
    if (!inFamily(rgb)) return
    box[0] = Math.min(box[0]!, x)
    box[1] = Math.min(box[1]!, y)
    box[2] = Math.max(box[2]!, x)
    box[3] = Math.max(box[3]!, y)
  })
  return box
}

const picture = async (canvas: Locator) => {
  await settleCanvas(canvas)
  return canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())
}

/**
 * Two revisions of a deliverable compared from the job's page: models side by side with cameras that
 * move together, or overlaid in the colours of what changed with the counts in the legend; a one-part
 * file compared whole; DXF drawings overlaid in two colours. Keyboard only for the mode, Escape closes
 * and the focus goes back; on a phone the two views stack.
 */
describe('comparing two revisions of a deliverable', () => {
  const env = useDashboardEnv('compare-revisions', ['admin'])
  let admin: SeededUser
  let jobPath: string

  const upload = async (bytes: string | Buffer, filename: string, id: string) => {
    const r = await tusUpload(env.http(admin), Buffer.from(bytes), { filename, kind: 'job-deliverables', jobRequestId: id })
    expect(r.status, r.body).toBe(204)
  }

  /** Opens the job's page and the comparison of a document's two revisions; waits until every canvas drew. */
  async function openComparison(document: string, viewport?: (typeof viewports)[number]): Promise<{ page: Page; dialog: Locator }> {
    const { page } = await env.openHydrated(admin, jobPath, viewport)
    const row = page.locator(`[data-testid="deliverable-document"][data-document="${document}"]`)
    await row.getByRole('button', { name: 'Compare upload 2 with upload 1' }).click()
    const dialog = page.getByRole('dialog', { name: 'Compare upload 1 and upload 2' })
    await dialog.waitFor()
    await waitDrawn(dialog)
    return { page, dialog }
  }

  const waitDrawn = (dialog: Locator) =>
    expect.poll(() => dialog.locator('[data-testid="compare-canvas"] canvas').evaluateAll((all) => all.length > 0 && all.every((c) => (c as HTMLElement).dataset.rendered === 'true')), { timeout: 60_000 }).toBe(true)

  beforeAll(async () => {
    admin = await env.user('admin')
    const client = await env.user('client')
    const { createJobRequests } = await env.gql<{ createJobRequests: { id: string } }>(admin, 'mutation($u: ID, $j: String) { createJobRequests(input: { user: $u, job: $j }) { id } }', { u: client.id, j: 'Gearbox revisions' })
    const id = createJobRequests.id
    await env.gql(admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 2 }] }) { id } }', { id })
    await env.gql(client, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
    await env.gql(admin, 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }', { id })
    jobPath = `/profile/jobs/${id}`
    // The assembly: Base kept, Lid made larger, Pin taken out, Bolt added.
    await upload(stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 10, at: [20, 0, 0] }, { name: 'Pin', size: 5, at: [0, 0, 15] }]), 'gearbox.step', id)
    await upload(stepAssembly([{ name: 'Base', size: 10, at: [0, 0, 0] }, { name: 'Lid', size: 14, at: [20, 0, 0] }, { name: 'Bolt', size: 4, at: [40, 0, 0] }]), 'gearbox.step', id)
    await upload(stlCubeBinary(10), 'bracket.stl', id)
    await upload(stlCubeBinary(14), 'bracket.stl', id)
    await upload(dxfSquare(10), 'plate.dxf', id)
    await upload(dxfSquare(20), 'plate.dxf', id)
  })

  it('shows two models side by side with linked cameras, then overlaid in the colours of what changed; Escape gives the focus back', async () => {
    const { page, dialog } = await openComparison('gearbox.step')
    const panes = dialog.getByTestId('revision-label')
    expect(await panes.allTextContents()).toEqual(['upload 1', 'upload 2'])
    const [left, right] = [dialog.locator('[data-testid="compare-canvas"] canvas').first(), dialog.locator('[data-testid="compare-canvas"] canvas').last()]
    expect((await colours(left)).drawn).toBeGreaterThan(0.01)
    expect((await colours(right)).drawn).toBeGreaterThan(0.01)

    // Zooming the older revision's view zooms the newer one's too.
    const before = await picture(right)
    await left.focus()
    await page.keyboard.press('+')
    await page.keyboard.press('+')
    await expect.poll(() => picture(right)).not.toBe(before)

    // The mode switch is a radio group, changed with the arrow keys.
    const sideBySide = dialog.getByRole('radio', { name: 'Side by side' })
    expect(await sideBySide.isChecked()).toBe(true)
    await sideBySide.focus()
    await page.keyboard.press('ArrowRight')
    expect(await dialog.getByRole('radio', { name: 'Overlay' }).isChecked()).toBe(true)
    await waitDrawn(dialog)
    const legend = dialog.getByTestId('compare-legend')
    await legend.waitFor()
    expect(await legend.getByRole('list').first().getByRole('listitem').allTextContents()).toEqual(['Added (1)', 'Removed (1)', 'Changed (1)', 'Unchanged (1)'])
    // The parts, by name, for those who do not tell the colours apart.
    await legend.getByText('What changed, part by part').click()
    expect(await legend.getByTestId('compare-parts').getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Changed: .*Lid$/), expect.stringMatching(/^Added: .*Bolt$/), expect.stringMatching(/^Removed: .*Pin$/)])
    const overlay = await colours(dialog.locator('[data-testid="compare-canvas"] canvas'))
    expect(overlay.green).toBeGreaterThan(0)
    expect(overlay.amber).toBeGreaterThan(0)
    expect(await axeViolations(page, 'dialog')).toEqual([])

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Compare upload 2 with upload 1')
  })

  it('compares a one-part file whole, the newer one amber where it differs', async () => {
    const { dialog, page } = await openComparison('bracket.stl')
    await dialog.getByRole('radio', { name: 'Overlay' }).check()
    await waitDrawn(dialog)
    await dialog.getByTestId('compare-legend').getByText('the geometry changed').waitFor()
    expect(await dialog.getByTestId('compare-legend').getByText('upload 1 (see-through)').count()).toBe(1)
    expect((await colours(dialog.locator('[data-testid="compare-canvas"] canvas'))).amber).toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Compare upload 2 with upload 1')
  })

  it('overlays two revisions of a drawing, the older red and the newer blue, named in the legend; both pan together', async () => {
    const { dialog, page } = await openComparison('plate.dxf')
    expect(await dialog.getByRole('radio').count()).toBe(0)
    expect(await dialog.getByTestId('compare-legend').getByRole('listitem').allTextContents()).toEqual(['upload 1 (red): plate.dxf', 'upload 2 (blue): plate.dxf'])
    const canvases = dialog.locator('[data-testid="compare-canvas"] canvas')
    expect(await canvases.count()).toBe(2)
    expect((await colours(canvases.first())).red).toBeGreaterThan(0)
    expect((await colours(canvases.last())).blue).toBeGreaterThan(0)
    // On the drawings' own coordinates: the 10 mm square and the 20 mm one share their corner at the origin.
    const [red, blue] = [await colourBox(canvases.first(), 'red'), await colourBox(canvases.last(), 'blue')]
    expect(Math.abs(red[0]! - blue[0]!)).toBeLessThanOrEqual(3)
    expect(Math.abs(red[3]! - blue[3]!)).toBeLessThanOrEqual(3)
    expect((red[2]! - red[0]!) / (blue[2]! - blue[0]!)).toBeCloseTo(0.5, 1)
    // The keyboard pans the newer drawing; the older one follows.
    const before = await picture(canvases.first())
    await dialog.getByTestId('compare-canvas').focus()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => picture(canvases.first())).not.toBe(before)
  })

  it('stacks the two views on a phone', async () => {
    const { dialog } = await openComparison('gearbox.step', viewports.find((v) => v.name === 'phone'))
    const [first, second] = await dialog.locator('[data-testid="compare-canvas"]').evaluateAll((all) => all.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))
    expect(second!.top).toBeGreaterThanOrEqual(first!.bottom)
    expect(first!.width).toBeGreaterThan(300)
  })
})
