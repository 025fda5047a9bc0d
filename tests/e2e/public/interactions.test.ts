import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { timings } from '../../../lib/catalogue'
import { launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from '../../setup/browser'
import { startTestServer, type TestServer } from '../../setup/test-server'

const START = new Date('2026-03-02T09:00:00Z')

describe('carousels and the process index', () => {
  let server: TestServer
  let browser: Browser
  let tracked: TrackedPage | undefined

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startTestServer(), launchBrowser()])
  })
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await screenshotOnFailure(tracked?.page, test.task.name)
    expect(tracked?.errors ?? []).toEqual([])
    await tracked?.context.close()
    tracked = undefined
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    server?.cleanup()
  })

  /** Opens a page with the browser's clock frozen, so the test alone moves time forward. */
  async function openWithFrozenClock(path: string, options: Parameters<Browser['newContext']>[0] = {}) {
    tracked = await newTrackedPage(browser, { viewport: { width: 1280, height: 800 }, ...options })
    const { page } = tracked
    await page.clock.install({ time: START })
    await page.clock.pauseAt(new Date(START.getTime() + 1000))
    await page.goto(server.url + path)
    return page
  }

  const carousel = (page: Page) => page.locator('main [aria-roledescription="carousel"]').first()
  const selectedIndex = async (page: Page) => Number(await carousel(page).getAttribute('data-selected-index'))
  const activeSlide = async (page: Page) => (await carousel(page).locator('[aria-roledescription="slide"][data-active]').getAttribute('aria-label')) ?? ''

  it(`a service page's Training Programs carousel advances every ${timings.serviceCarouselMs} ms`, async () => {
    const page = await openWithFrozenClock('/services/cad')
    await carousel(page).and(page.locator('[data-autoplay="playing"]')).waitFor()
    expect(await activeSlide(page)).toBe('1 of 3: CAD Fundamentals')
    await page.clock.runFor(timings.serviceCarouselMs - 10)
    expect(await selectedIndex(page)).toBe(0)
    await page.clock.runFor(10)
    expect(await selectedIndex(page)).toBe(1)
    expect(await activeSlide(page)).toBe('2 of 3: Advanced CAD')
    expect(await carousel(page).getByRole('button', { name: 'Show slide 2: Advanced CAD' }).getAttribute('aria-current')).toBe('true')
    await page.clock.runFor(timings.serviceCarouselMs)
    expect(await selectedIndex(page)).toBe(2)
    await page.clock.runFor(timings.serviceCarouselMs)
    expect(await selectedIndex(page)).toBe(0) // wraps round
  })

  it(`the training topics carousel advances every ${timings.trainingCarouselMs} ms and pauses while hovered`, async () => {
    const page = await openWithFrozenClock('/training')
    await carousel(page).and(page.locator('[data-autoplay="playing"]')).waitFor()
    expect(await activeSlide(page)).toBe('1 of 4: Parametric CAD')
    await page.clock.runFor(timings.trainingCarouselMs - 10)
    expect(await selectedIndex(page)).toBe(0)
    await page.clock.runFor(10)
    expect(await activeSlide(page)).toBe('2 of 4: Revit BIM')

    await carousel(page).locator('[aria-roledescription="slide"][data-active]').hover()
    expect(await carousel(page).getAttribute('data-autoplay')).toBe('stopped')
    await page.clock.runFor(timings.trainingCarouselMs * 3)
    expect(await selectedIndex(page)).toBe(1)

    await page.mouse.move(5, 5)
    expect(await carousel(page).getAttribute('data-autoplay')).toBe('playing')
    await page.clock.runFor(timings.trainingCarouselMs)
    expect(await activeSlide(page)).toBe('3 of 4: AutoCAD')
  })

  it('pauses while focus is inside and answers the arrow keys and the previous/next buttons', async () => {
    const page = await openWithFrozenClock('/training')
    await carousel(page).and(page.locator('[data-autoplay="playing"]')).waitFor()
    const next = carousel(page).getByRole('button', { name: 'Next slide' })
    await next.focus()
    expect(await carousel(page).getAttribute('data-autoplay')).toBe('stopped')
    await page.clock.runFor(timings.trainingCarouselMs * 2)
    expect(await selectedIndex(page)).toBe(0)
    await page.keyboard.press('ArrowRight')
    expect(await selectedIndex(page)).toBe(1)
    await page.keyboard.press('ArrowRight')
    expect(await selectedIndex(page)).toBe(2)
    await page.keyboard.press('ArrowLeft')
    expect(await selectedIndex(page)).toBe(1)
    await page.keyboard.press('Enter') // activates "Next slide"
    expect(await activeSlide(page)).toBe('3 of 4: AutoCAD')
    await carousel(page).getByRole('button', { name: 'Previous slide' }).click()
    expect(await selectedIndex(page)).toBe(1)
    await carousel(page).getByRole('button', { name: 'Show slide 4: CGI and animation' }).click()
    expect(await selectedIndex(page)).toBe(3)
  })

  it('does not rotate by itself when the visitor prefers reduced motion, until they start it', async () => {
    const page = await openWithFrozenClock('/training', { reducedMotion: 'reduce' })
    const start = carousel(page).getByRole('button', { name: 'Start automatic slide show' })
    await start.waitFor()
    await page.clock.runFor(timings.trainingCarouselMs * 3)
    expect(await selectedIndex(page)).toBe(0)
    await start.click()
    await page.mouse.move(5, 5)
    await page.locator('main h1').click() // focus leaves the carousel
    expect(await carousel(page).getAttribute('data-autoplay')).toBe('playing')
    await page.clock.runFor(timings.trainingCarouselMs)
    expect(await selectedIndex(page)).toBe(1)
  })

  it('the process index marks the card in view and scrolls smoothly to a card when chosen', async () => {
    tracked = await newTrackedPage(browser, { viewport: { width: 1280, height: 800 } })
    const { page } = tracked
    await page.goto(server.url + '/process')
    await page.locator('main nav[data-observing]').waitFor()
    await page.locator('main nav a[href="#concept"][aria-current="true"]').waitFor()
    expect(await page.locator('main nav a[aria-current]').count()).toBe(1)

    // Reading down the page: the card that reaches the upper part of the viewport becomes current.
    await page.locator('#costing').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.locator('main nav a[href="#costing"][aria-current="true"]').waitFor()
    expect(await page.locator('main nav a[aria-current]').innerText()).toContain('Costing')

    // Choosing an entry scrolls (smoothly, so over several frames) to its card and marks it.
    await page.locator('main nav a[href="#production"]').click()
    await page.waitForFunction(() => Math.abs(document.getElementById('production')!.getBoundingClientRect().top - 128) < 4)
    await page.locator('main nav a[href="#production"][aria-current="true"]').waitFor()
    expect(new URL(page.url()).hash).toBe('#production')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('production')

    // Reading on down the page: the index follows.
    await page.locator('main nav a[href="#feasibility"]').click()
    await page.locator('main nav a[href="#feasibility"][aria-current="true"]').waitFor()
    await page.waitForFunction(() => Math.abs(document.getElementById('feasibility')!.getBoundingClientRect().top - 128) < 4)
    await page.evaluate(() => window.scrollBy(0, 700))
    await page.waitForFunction(() => document.querySelector('main nav a[aria-current]')?.getAttribute('href') !== '#feasibility')
  })
})
