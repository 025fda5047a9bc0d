import path from 'node:path'
import type { JSHandle, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stlFineBox } from '../../fixtures/cad-files'
import { useDashboardEnv } from '../dashboard/dashboard-env'
import { canvasPixels, colourShares, differingShare, drawnOver, heldCanvasPixels, modelCanvas, onScreen, settle } from '../dashboard/model-canvas'
import { uploadDocument } from '../dashboard/model-preview-steps'
import type { SeededUser } from '../dashboard/seed'
import { buildViewerHarness } from './harness/build-harness'

/** The camera's view-projection matrix, as the viewer publishes it on its canvas after each frame. */
async function viewProjection(page: Page): Promise<number[]> {
  await settle(page)
  return page.evaluate(() => JSON.parse(document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas')!.dataset.viewProjection!) as number[])
}

/**
 * A large binary STL drawn as it arrives: a closed 100 × 50 × 20 mm box whose faces are cut into
 * 327,680 triangles (16 MB, ten pieces of the viewer's). The portal's own previews stop at a small
 * size in these tests, so the viewer's dialog is hosted by a test page of the portal's origin that
 * opens the user's uploaded file, downloaded at 4 MB/s: the first piece is on screen, framed as the
 * whole box, while the rest arrives; the whole box is then one solid to the tools.
 */
describe('a large STL drawn as it arrives', () => {
  const env = useDashboardEnv('arriving-model')
  let alice: SeededUser
  let harness: Awaited<ReturnType<typeof buildViewerHarness>>
  const box = stlFineBox([100, 50, 20], 0.3125)

  beforeAll(async () => {
    ;[alice, harness] = await Promise.all([env.user('alice'), buildViewerHarness()])
    expect(box.readUInt32LE(80)).toBe(327_680)
    await uploadDocument(env, alice, 'fine-box.stl', box)
  })
  afterAll(() => harness?.remove())

  const name = 'fine-box.stl'

  /** Alice's page, with the test page that hosts the viewer served at `/viewer-harness/` of the portal's origin. */
  const harnessPage = async () => {
    const { page } = await env.openHydrated(alice, '/profile')
    const base = `${env.server.url}/viewer-harness/`
    await page.route(`${base}**`, (route) => {
      const file = path.join(harness.dir, new URL(route.request().url()).pathname.slice('/viewer-harness/'.length))
      return route.fulfill({ path: file, contentType: file.endsWith('.wasm') ? 'application/wasm' : undefined })
    })
    const open = () => page.goto(`${base}index.html?${new URLSearchParams({ url: `/files/user-box/${alice.id}/${name}`, name })}`)
    return { page, open }
  }

  it('shows the first piece framed as the whole box while the rest arrives, then the whole box, measured as one solid', async () => {
    const { page, open } = await harnessPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 4_000_000, uploadThroughput: -1 })
    await open()
    const dialog = page.getByRole('dialog', { name })
    const canvas = modelCanvas(page)

    // The first piece on screen, the rest still on its way: said over the view's top edge, the tools not yet offered.
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"]'), undefined, { timeout: 60_000 })
    expect(await canvas.getAttribute('data-complete')).toBeNull()
    const arriving = dialog.getByTestId('model-arriving')
    expect(await arriving.textContent()).toBe('Loading the rest of the model…')
    expect(Number(await arriving.getByRole('progressbar').getAttribute('value'))).toBeLessThan(1)
    expect(await dialog.getByRole('button', { name: 'Measure' }).isDisabled()).toBe(true)

    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-complete="true"]'), undefined, { timeout: 60_000 })
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    expect(await arriving.count()).toBe(0)
    expect(await dialog.getByTestId('model-size').textContent()).toMatch(/^Size: 100 × 50 × 20 mm/)
    // One part: no parts list for its pieces.
    expect(await dialog.getByTestId('model-parts').count()).toBe(0)

    // The camera never moved: it framed the whole box from the first piece, as the isometric view of the whole box does.
    const framed = await viewProjection(page)
    const drawnPiecemeal = await canvasPixels(canvas)
    await dialog.getByRole('button', { name: 'Isometric' }).click()
    const isometric = await viewProjection(page)
    framed.forEach((v, i) => expect(v, `view-projection[${i}]`).toBeCloseTo(isometric[i]!, 6))
    // The picture drawn piece by piece is the one the whole box drawn at once gives.
    await page.waitForTimeout(1000)
    const drawnWhole = await canvasPixels(canvas)
    expect(colourShares(drawnWhole, { covered: drawnOver }).covered).toBeGreaterThan(0.08)
    expect(differingShare(drawnWhole, drawnPiecemeal)).toBeLessThan(0.001)

    // The pieces measure as the one closed solid they are.
    await dialog.getByRole('button', { name: 'Measure' }).click()
    await dialog.getByRole('radio', { name: 'Part' }).check()
    const front = await onScreen(page, [50, 0, 10])
    await page.mouse.click(front.x, front.y)
    await dialog.getByTestId('measurements').waitFor({ timeout: 30_000 })
    expect(await dialog.getByTestId('measurements').getByRole('listitem').allTextContents()).toEqual(['fine-box.stl: box 100 × 50 × 20 mm; volume 100000 mm³; surface area 16000 mm²'])
  })

  it('says the whole box is drawn only once every piece is on screen, however fast the rest arrived', async () => {
    const { page, open } = await harnessPage()
    // A copy of the canvas as it is at the moment the viewer says the whole model is drawn (no frame can come between).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="model-canvas"] canvas[data-complete="true"]')
        const w = window as unknown as { atComplete?: HTMLCanvasElement }
        if (!canvas || w.atComplete) return
        const copy = document.createElement('canvas')
        copy.width = canvas.width
        copy.height = canvas.height
        copy.getContext('2d')!.drawImage(canvas, 0, 0)
        w.atComplete = copy
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-complete'] })
    })
    // Downloaded at full speed: the pieces pile up faster than they are drawn.
    await open()
    const atComplete = await page.waitForFunction(() => (window as unknown as { atComplete?: HTMLCanvasElement }).atComplete, undefined, { timeout: 60_000 })
    const settled = await canvasPixels(modelCanvas(page))
    expect(differingShare(await heldCanvasPixels(atComplete as JSHandle<HTMLCanvasElement>), settled)).toBeLessThan(0.001)
  })
})
