import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { aerodynamicTrailer } from '../../../content/examples/aerodynamic-trailer'
import { expectNoConsoleErrors, waitForHydration, useExamplesEnv } from './examples-env'

const study = '/examples/aerodynamic-trailer'
const leadSrc = aerodynamicTrailer.lead.src
const lead = (page: Page) => page.locator('[data-image-state]').first()
const dragChart = aerodynamicTrailer.sections.flatMap((x) => x.blocks).flatMap((b) => (b.kind === 'figure' ? [b.figure] : []))[0]

describe('case-study images', () => {
  const env = useExamplesEnv()

  it('show a spinner while loading, then fade in over 500 ms', async () => {
    const { page, errors } = await env.newPage()
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${dragChart.src}`, async (route: Route) => {
      await released
      await route.continue()
    })
    await page.goto(study)
    await waitForHydration(page, 'main button[aria-controls]')
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    const frame = page.locator('figure', { hasText: dragChart.caption }).locator('[data-image-state]')
    await frame.scrollIntoViewIfNeeded()
    await frame.locator('[role="status"]').waitFor()
    expect(await frame.getByRole('status').textContent()).toBe('Loading image')
    expect(await frame.getAttribute('data-image-state')).toBe('loading')
    const image = frame.getByRole('img', { name: dragChart.alt })
    expect(await image.evaluate((img) => getComputedStyle(img).opacity)).toBe('0')
    expect(await image.evaluate((img) => getComputedStyle(img).transitionDuration)).toBe('0.5s')
    // Reserved space: the frame already has the image's aspect ratio, so nothing moves when it arrives.
    const box = await frame.boundingBox()
    expect(box!.width / box!.height).toBeCloseTo(dragChart.width / dragChart.height, 1)

    release()
    await frame.and(page.locator('[data-image-state="loaded"]')).waitFor()
    expect(await frame.locator('[role="status"]').count()).toBe(0)
    await page.waitForFunction((alt) => getComputedStyle(document.querySelector(`img[alt="${alt}"]`)!).opacity === '1', dragChart.alt)
    const after = await frame.boundingBox()
    expect(after!.height).toBeCloseTo(box!.height, 0)
    expectNoConsoleErrors(errors)
  })

  it('the image at the top is in the HTML from the start, fetched at once, with the spinner beneath it, and fades in', async () => {
    const html = await (await fetch(env.server.url + study)).text()
    const frame = html.slice(html.indexOf('data-image-state="loading"'), html.indexOf('</figure>'))
    expect(frame).toContain('role="status"')
    expect(frame).toMatch(new RegExp(`<img[^>]*src="${leadSrc}"[^>]*fetchPriority="high"`, 'i'))
    // Held back until the page is interactive, it fades in like the others when it arrives.
    const { page, errors } = await env.newPage()
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${leadSrc}`, async (route: Route) => {
      await released
      await route.continue()
    })
    // The held image would keep the load event from firing.
    await page.goto(study, { waitUntil: 'domcontentloaded' })
    await waitForHydration(page, 'main button[aria-controls]')
    const image = lead(page).getByRole('img', { name: aerodynamicTrailer.lead.alt })
    await page.waitForFunction((alt) => getComputedStyle(document.querySelector(`img[alt="${alt}"]`)!).opacity === '0', aerodynamicTrailer.lead.alt)
    expect(await lead(page).getByRole('status').textContent()).toBe('Loading image')
    expect(await image.evaluate((img) => getComputedStyle(img).transitionDuration)).toBe('0.5s')
    release()
    await page.waitForSelector('[data-image-state="loaded"]')
    await page.waitForFunction((alt) => getComputedStyle(document.querySelector(`img[alt="${alt}"]`)!).opacity === '1', aerodynamicTrailer.lead.alt)
    expect(await lead(page).locator('[role="status"]').count()).toBe(0)
    expectNoConsoleErrors(errors)
  })

  it.each([
    ['the image at the top', leadSrc],
    ['an image in the write-up', dragChart.src],
  ])('%s shows "Failed to load" when it cannot be fetched', async (_name, src) => {
    const { page, errors } = await env.newPage()
    const logged: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'log') logged.push(msg.text())
    })
    await page.route(`**${src}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }))
    await page.goto(study)
    await waitForHydration(page, 'main button[aria-controls]')
    if (src !== leadSrc) {
      await page.getByRole('button', { name: 'Read Full Study' }).click()
      await page.locator('figure', { hasText: dragChart.caption }).scrollIntoViewIfNeeded()
    }
    const failed = page.locator('[data-image-state="error"]')
    await failed.getByText('Failed to load', { exact: true }).waitFor()
    expect(await failed.count()).toBe(1)
    expect(await failed.locator('img').count()).toBe(0)
    await expect.poll(() => logged).toContain(`Failed to load image ${src}`)
    // The only console error allowed is the browser's report of this one deliberate 404.
    const expected = errors.filter((e) => e.url.endsWith(src) && e.text.includes('404'))
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
