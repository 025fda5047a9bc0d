import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aerodynamicTrailer } from '../../../content/examples/aerodynamic-trailer'
import { expectNoConsoleErrors, startExamplesEnv, waitForHydration, type ExamplesEnv } from './examples-env'

const study = '/examples/aerodynamic-trailer'
const leadSrc = aerodynamicTrailer.lead.src
const lead = (page: Page) => page.locator('[data-image-state]').first()

describe('case-study images', () => {
  let env: ExamplesEnv
  beforeAll(async () => {
    env = await startExamplesEnv()
  })
  afterAll(async () => {
    await env?.stop()
  })

  it('show a spinner while loading, then fade in over 500 ms', async () => {
    const { page, errors } = await env.newPage()
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${leadSrc}`, async (route: Route) => {
      await released
      await route.continue()
    })
    await page.goto(study)
    await waitForHydration(page, 'main button[aria-controls]')
    const frame = lead(page)
    await frame.locator('[role="status"]').waitFor()
    expect(await frame.getByRole('status').textContent()).toBe('Loading image')
    expect(await frame.getAttribute('data-image-state')).toBe('loading')
    const image = frame.getByRole('img', { name: aerodynamicTrailer.lead.alt })
    expect(await image.evaluate((img) => getComputedStyle(img).opacity)).toBe('0')
    expect(await image.evaluate((img) => getComputedStyle(img).transitionDuration)).toBe('0.5s')
    // Reserved space: the frame already has the image's aspect ratio, so nothing moves when it arrives.
    const box = await frame.boundingBox()
    expect(box!.width / box!.height).toBeCloseTo(aerodynamicTrailer.lead.width / aerodynamicTrailer.lead.height, 1)

    release()
    await page.waitForSelector('[data-image-state="loaded"]')
    expect(await frame.locator('[role="status"]').count()).toBe(0)
    await page.waitForFunction((alt) => getComputedStyle(document.querySelector(`img[alt="${alt}"]`)!).opacity === '1', aerodynamicTrailer.lead.alt)
    const after = await frame.boundingBox()
    expect(after!.height).toBeCloseTo(box!.height, 0)
    expectNoConsoleErrors(errors)
  })

  it('show "Failed to load" when the image cannot be fetched', async () => {
    const { page, errors } = await env.newPage()
    const logged: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'log') logged.push(msg.text())
    })
    await page.route(`**${leadSrc}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }))
    await page.goto(study)
    await waitForHydration(page, 'main button[aria-controls]')
    const frame = lead(page)
    await frame.getByText('Failed to load', { exact: true }).waitFor()
    expect(await frame.getAttribute('data-image-state')).toBe('error')
    expect(await frame.locator('img').count()).toBe(0)
    expect(logged).toContain(`Failed to load image ${leadSrc}`)
    // The only console error allowed is the browser's report of this one deliberate 404.
    const expected = errors.filter((e) => e.url.endsWith(leadSrc) && e.text.includes('404'))
    expect(expected).toHaveLength(1)
    expectNoConsoleErrors(errors.filter((e) => !expected.includes(e)))
  })

  it('load only when they come near the viewport', async () => {
    const { page, errors } = await env.newPage()
    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await page.goto(study)
    await waitForHydration(page, 'main button[aria-controls]')
    await page.waitForSelector('[data-image-state="loaded"]')
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    const costChart = '/media/examples/aerodynamic-trailer/annual-fuel-cost.svg'
    const last = page.locator('[data-image-state]').last()
    expect(await last.getAttribute('data-image-state')).toBe('waiting')
    expect(requested).not.toContain(costChart)
    await last.scrollIntoViewIfNeeded()
    await page.waitForFunction(() => [...document.querySelectorAll('[data-image-state]')].at(-1)?.getAttribute('data-image-state') === 'loaded')
    expect(requested).toContain(costChart)
    expectNoConsoleErrors(errors)
  })

  it('open full screen on double-click and close on double-click of the image, the overlay or Escape', async () => {
    const { page, errors } = await env.newPage()
    await page.goto(study)
    await waitForHydration(page, 'main button[aria-controls]')
    await page.waitForSelector('[data-image-state="loaded"]')
    const image = lead(page).getByRole('img', { name: aerodynamicTrailer.lead.alt })
    const overlay = page.getByRole('dialog', { name: `${aerodynamicTrailer.lead.alt} (full screen)` })

    await image.dblclick()
    await overlay.waitFor()
    const box = await overlay.boundingBox()
    const viewport = page.viewportSize()!
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height })
    // Double-click on the same image, now shown full screen, closes it.
    await overlay.getByRole('img', { name: aerodynamicTrailer.lead.alt }).dblclick()
    await overlay.waitFor({ state: 'detached' })

    // Double-click on the dark overlay around the image closes it too.
    await image.dblclick()
    await overlay.waitFor()
    await page.mouse.dblclick(8, viewport.height - 8)
    await overlay.waitFor({ state: 'detached' })

    // Escape closes it, and the keyboard can open it with Enter.
    await image.focus()
    await page.keyboard.press('Enter')
    await overlay.waitFor()
    await page.keyboard.press('Escape')
    await overlay.waitFor({ state: 'detached' })
    expect(await image.evaluate((img) => document.activeElement === img)).toBe(true)
    expectNoConsoleErrors(errors)
  })
})
