import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { about } from '../../../content/about'
import { examples } from '../../../content/examples/list'
import { windLoadSilo } from '../../../content/examples/wind-load-silo'
import { timings } from '../../../lib/catalogue'
import { browserSuite } from '../../setup/browser-suite'
import { waitForHydration } from '../shell/shell-helpers'

const START = new Date('2026-03-02T09:00:00Z')

describe('carousels, the process index and client-side navigation', () => {
  // Every page of this suite ends without a console error or policy violation.
  const suite = browserSuite()

  /** Opens a page with the browser's clock frozen, so the test alone moves time forward. */
  async function openWithFrozenClock(path: string, options: Parameters<Browser['newContext']>[0] = {}) {
    await suite.newPage({ viewport: { width: 1280, height: 800 }, ...options })
    const { page } = suite.tracked!
    await page.clock.install({ time: START })
    await page.clock.pauseAt(new Date(START.getTime() + 1000))
    await page.goto(suite.server.url + path)
    return page
  }

  const carousel = (page: Page) => page.locator('main [aria-roledescription="carousel"]').first()
  /** Opens the page with a frozen clock and waits until its carousel plays. */
  const openWithCarouselPlaying = async (path: string) => {
    const page = await openWithFrozenClock(path)
    await carousel(page).and(page.locator('[data-autoplay="playing"]')).waitFor()
    return page
  }
  const selectedIndex = async (page: Page) => Number(await carousel(page).getAttribute('data-selected-index'))
  const activeSlide = async (page: Page) => (await carousel(page).locator('[aria-roledescription="slide"][data-active]').getAttribute('aria-label')) ?? ''

  it(`a service page's Training Programs carousel advances every ${timings.serviceCarouselMs} ms`, async () => {
    const page = await openWithCarouselPlaying('/services/cad')
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
    const page = await openWithCarouselPlaying('/training')
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
    const page = await openWithCarouselPlaying('/training')
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
    await suite.newPage({ viewport: { width: 1280, height: 800 } })
    const { page } = suite.tracked!
    await page.goto(suite.server.url + '/process')
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

  it("client-side navigation renders a page's copy from its route data: / to /about, then to a case study", async () => {
    await suite.newPage({ viewport: { width: 1280, height: 800 } })
    const { page } = suite.tracked!
    const documents: string[] = []
    const routeData: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
      else if (new URL(request.url()).pathname.endsWith('.data')) routeData.push(new URL(request.url()).pathname)
    })
    await page.goto(suite.server.url + '/')
    await waitForHydration(page)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click()
    await page.waitForURL(suite.server.url + '/about')
    await page.locator('main h1', { hasText: about.heading }).waitFor()
    const aboutText = await page.locator('main').innerText()
    expect(aboutText).toContain(about.story.paragraphs[0])
    expect(aboutText).toContain(about.approach.items[0]!.description)
    expect(await page.locator('main #industries-heading ~ ul li').count()).toBe(about.industries.items.length)
    expect(routeData).toContain('/about.data')

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Examples', exact: true }).click()
    await page.waitForURL(suite.server.url + '/examples')
    const card = page.locator('[data-testid="example-card"]').filter({ hasText: examples[0]!.title })
    expect(await card.innerText()).toContain(examples[0]!.description)
    await card.getByRole('link').click()
    await page.waitForURL(suite.server.url + windLoadSilo.item.url)
    await page.locator('main h1', { hasText: windLoadSilo.title }).waitFor()
    expect(await page.getByRole('region', { name: 'Study summary' }).innerText()).toContain(windLoadSilo.info.challenge)
    // The write-up and its server-typeset equations came with the route data.
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    expect(await page.locator('main h2').first().innerText()).toBe(`1. ${windLoadSilo.sections[0]!.heading}`)
    expect(await page.locator('[data-testid="full-study"] .katex').count()).toBeGreaterThan(0)
    expect(routeData).toEqual(expect.arrayContaining(['/examples.data', `${windLoadSilo.item.url}.data`]))

    expect(documents).toEqual([suite.server.url + '/']) // one page load; the rest were client-side
  })
})
