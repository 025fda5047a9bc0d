import { describe, expect, it } from 'vitest'
import { eventually, waitForHydration } from './shell-helpers'
import type { Browser } from 'playwright-core'
import { mainNavLinks } from '../../../lib/nav'
import { themes } from '../../../lib/theme'
import { allowPageErrors } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

describe('the shell, as a visitor uses it', () => {
  const suite = browserSuite({ screenshotPrefix: 'shell-' })

  const open = async (path: string, options: Parameters<Browser['newContext']>[0] = {}) => {
    const { page } = await suite.newPage({ viewport: { width: 1440, height: 900 }, ...options })
    await page.goto(suite.server.url + path)
    await waitForHydration(page)
    return page
  }
  const cssVar = (name: string) => `getComputedStyle(document.documentElement).getPropertyValue('${name}').trim()`

  it('switches the theme with the dots and keeps it across a reload', async () => {
    const page = await open('/about')
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('0')
    expect(await page.evaluate(cssVar('--theme-background'))).toBe(themes[0].background)
    // A press that lands while a busy machine is still settling the page may be lost: the visitor
    // presses again, as the test does (pressing Theme 3 twice keeps theme 3).
    await eventually(async () => {
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== '2') await page.getByRole('button', { name: 'Theme 3' }).click()
      return page.evaluate(() => document.documentElement.dataset.theme)
    }).toBe('2')
    expect(await page.evaluate(cssVar('--theme-background'))).toBe(themes[2].background)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('2')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toBe('none')
    expect(await page.getByRole('button', { name: 'Theme 3' }).getAttribute('aria-pressed')).toBe('true')
    await page.reload()
    await waitForHydration(page)
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('2')
    expect(await page.evaluate(cssVar('--theme-link'))).toBe(themes[2].link)
    // The dots show the kept theme once the header has taken over from the server's HTML.
    await eventually(() => page.getByRole('button', { name: 'Theme 3' }).getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('button', { name: 'Theme 2' }).click()
    await eventually(() => page.evaluate(cssVar('--theme-highlight'))).toBe(themes[1].highlight)
  })

  it('applies the saved theme before the app script runs (no flash)', async () => {
    const html = await (await fetch(`${suite.server.url}/training`)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const boot = head.indexOf("localStorage.getItem(\"theme\")")
    expect(boot).toBeGreaterThan(-1)
    expect(boot).toBeLessThan(head.indexOf('rel="stylesheet"'))
    const page = await open('/')
    await page.evaluate(() => localStorage.setItem('theme', '1'))
    // Without any of the app's JavaScript, only the inline boot script can set the theme.
    allowPageErrors(/net::ERR_FAILED/, /dynamically imported module/) // the refused scripts
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto(`${suite.server.url}/training`)
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('1')
    expect(await page.evaluate(cssVar('--theme-background'))).toBe(themes[1].background)
    // The page starts its modules after its first paint: their refusals are reported then, whenever
    // each arrives (the test's page closes before its errors are checked).
    await eventually(() => suite.tracked!.errors.some((e) => e.includes('dynamically imported module'))).toBe(true)
  })

  it('omits the link to the current page from the navigation bar', async () => {
    const page = await open('/training')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const link of mainNavLinks) {
      expect(await nav.getByRole('link', { name: link.label, exact: true }).count(), link.label).toBe(link.href === '/training' ? 0 : 1)
    }
    await nav.getByRole('link', { name: 'Process', exact: true }).click()
    await page.waitForURL(`${suite.server.url}/process`)
    await eventually(() => nav.getByRole('link', { name: 'Process', exact: true }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Training', exact: true }).count()).toBe(1)
  })

  it('opens the login dialog from Login; Cancel and Escape close it', async () => {
    const page = await open('/')
    const login = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })
    await login.click()
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await login.click()
    await dialog.waitFor()
    // Focus is trapped inside the modal.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('shows a signed-in visitor the profile link with its icon and Logout instead of Login', async () => {
    await suite.newPage({ viewport: { width: 1440, height: 900 } })
    const { page } = suite.tracked!
    // The session is answered at the network boundary; signing in for real is the accounts suite's job.
    let signedIn = true
    await page.route('**/api/session', (route) => route.fulfill({ json: { user: signedIn ? { id: 'u1', email: 'ada@example.com', isAdmin: false } : null } }))
    let signOutCalls = 0
    await page.route('**/api/auth/sign-out', (route) => {
      signOutCalls++
      signedIn = false
      return route.fulfill({ json: { success: true } })
    })
    await page.goto(`${suite.server.url}/about`)
    await waitForHydration(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const profile = nav.getByRole('link', { name: 'Dashboard' })
    await profile.waitFor()
    expect(await profile.getAttribute('href')).toBe('/profile')
    expect(await profile.locator('svg').count()).toBe(1)
    expect(await nav.getByRole('button', { name: 'Login' }).count()).toBe(0)
    await nav.getByRole('button', { name: 'Logout' }).click()
    await nav.getByRole('button', { name: 'Login' }).waitFor()
    expect(signOutCalls).toBe(1)
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
  })

  it('toggles the side panel at a narrow viewport and hides its toggle at a wide one', async () => {
    const page = await open('/about', { viewport: { width: 800, height: 900 } })
    const panel = page.getByRole('complementary', { name: 'Side panel' })
    const toggle = page.getByTestId('side-panel-toggle')
    expect(await toggle.isVisible()).toBe(true)
    expect(await panel.isVisible()).toBe(false)
    await toggle.click()
    await eventually(() => panel.isVisible()).toBe(true)
    expect(await panel.evaluate((el) => el.getBoundingClientRect().width)).toBe(320)
    expect(await panel.getByRole('link', { name: 'CFD Analysis' }).getAttribute('href')).toBe('/services/cfd')
    expect(await panel.getByRole('link', { name: 'View All Examples' }).getAttribute('href')).toBe('/examples')
    // Focus stays in the open drawer.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await panel.getByRole('button', { name: 'Close side panel' }).click()
    await eventually(() => panel.isVisible()).toBe(false)
    await toggle.click()
    await eventually(() => panel.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await eventually(() => panel.isVisible()).toBe(false)
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('side-panel-toggle')

    await page.setViewportSize({ width: 1440, height: 900 })
    await eventually(() => toggle.isVisible()).toBe(false)
    expect(await panel.isVisible()).toBe(true)
    expect(await panel.getByRole('link', { name: 'ESP32 Gauges' }).getAttribute('href')).toBe('/projects/esp32-gauges')
  })

  it('opens the mobile menu from the hamburger; it closes on its close icon and on mouse leave', async () => {
    const page = await open('/about', { viewport: { width: 390, height: 844 } })
    const hamburger = page.getByRole('button', { name: 'Open menu' })
    expect(await hamburger.locator('svg').getAttribute('width')).toBe('28')
    await hamburger.click()
    const list = page.locator('#mobile-menu')
    await list.waitFor()
    expect(await list.getByRole('link', { name: 'About', exact: true }).count()).toBe(0)
    expect(await list.getByRole('link', { name: 'Contact', exact: true }).isVisible()).toBe(true)
    await list.getByRole('button', { name: 'Close menu' }).click()
    await list.waitFor({ state: 'detached' })
    await hamburger.click()
    await list.waitFor()
    await page.mouse.move(10, 800)
    await list.waitFor({ state: 'detached' })
  })

  /** Opens a page painted but not yet started: its client entry is held until `release` is called. */
  const openBeforeStart = async (path: string, options: Parameters<Browser['newContext']>[0] = {}) => {
    const { page } = await suite.newPage({ viewport: { width: 1440, height: 900 }, ...options })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked!: () => void
    const entryAsked = new Promise<void>((resolve) => (asked = resolve))
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      asked()
      await held
      await route.continue()
    })
    await page.goto(suite.server.url + path)
    await entryAsked
    return { page, release }
  }

  it('carries out a press on the menu or a theme dot made before the page has started, once it has', async () => {
    const mobile = await openBeforeStart('/about', { viewport: { width: 390, height: 844 } })
    const hamburger = mobile.page.getByRole('button', { name: 'Open menu' })
    await hamburger.click()
    await mobile.page.waitForTimeout(200)
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false') // nothing handles it yet
    mobile.release()
    await mobile.page.locator('#mobile-menu').waitFor()
    expect(await hamburger.getAttribute('aria-expanded')).toBe('true')

    const desktop = await openBeforeStart('/services')
    await desktop.page.getByRole('button', { name: 'Theme 3' }).press('Enter')
    expect(await desktop.page.evaluate(() => document.documentElement.dataset.theme)).toBe('0')
    desktop.release()
    await eventually(() => desktop.page.evaluate(() => document.documentElement.dataset.theme)).toBe('2')
    expect(await desktop.page.evaluate(() => localStorage.getItem('theme'))).toBe('2')
    // Pressed once, handled once: a later press is the framework's alone.
    await desktop.page.getByRole('button', { name: 'Theme 1' }).click()
    await eventually(() => desktop.page.evaluate(() => document.documentElement.dataset.theme)).toBe('0')
  })

  it('shows System Status: "Detecting..." first, then the coarse location, and the healthz checks', async () => {
    const html = await (await fetch(`${suite.server.url}/services`)).text()
    expect(html).toMatch(/data-testid="status-location"[^>]*>Detecting\.\.\./)
    const page = await open('/services', { geolocation: { latitude: 53.74091, longitude: -2.02084 }, permissions: ['geolocation'] })
    const status = page.getByTestId('system-status')
    await eventually(() => status.getByTestId('status-location').textContent()).toBe('53.74, -2.02')
    expect(await status.getByTestId('status-connection').textContent()).toBe('Online')
    await eventually(() => status.getByTestId('status-device').textContent()).toBe('Desktop')
    await eventually(() => status.getByTestId('status-services').textContent()).toBe('Services 4/4 Active')
    for (const key of ['website', 'database', 'ai', 'portal']) expect(await status.getByTestId(`check-${key}`).getAttribute('data-state')).toBe('up')
    await suite.tracked!.context.setOffline(true)
    await eventually(() => status.getByTestId('status-connection').textContent()).toBe('Offline')
    await suite.tracked!.context.setOffline(false)
    await eventually(() => status.getByTestId('status-connection').textContent()).toBe('Online')
  })

  it('does not ask for the location while the page loads; it asks at the first interaction', async () => {
    await suite.newPage({ viewport: { width: 1440, height: 900 }, geolocation: { latitude: 51.5074, longitude: -0.1278 } })
    const { page, context } = suite.tracked!
    await page.addInitScript(() => {
      const w = window as unknown as { geolocationCalls: number }
      w.geolocationCalls = 0
      const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation)
      navigator.geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        w.geolocationCalls++
        return original(...args)
      }
    })
    await page.goto(`${suite.server.url}/services`)
    await waitForHydration(page)
    await page.waitForTimeout(500)
    const status = page.getByTestId('system-status')
    expect(await page.evaluate(() => (window as unknown as { geolocationCalls: number }).geolocationCalls)).toBe(0)
    expect(await status.getByTestId('status-location').textContent()).toBe('Detecting...')
    await context.grantPermissions(['geolocation'])
    await page.getByRole('heading', { level: 1 }).click()
    await eventually(() => status.getByTestId('status-location').textContent()).toBe('51.51, -0.13')
    expect(await page.evaluate(() => (window as unknown as { geolocationCalls: number }).geolocationCalls)).toBe(1)
  })

  it('counts honestly when /healthz reports a service down', async () => {
    await suite.newPage({ viewport: { width: 1440, height: 900 } })
    const { page } = suite.tracked!
    await page.route('**/healthz', async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      await route.fulfill({ response: res, json: { ...body, assistant: { up: false, engine: 'site-knowledge' } } })
    })
    await page.goto(`${suite.server.url}/`)
    const status = page.getByTestId('system-status')
    await eventually(() => status.getByTestId('status-services').textContent()).toBe('Services 3/4 Active')
    expect(await status.getByTestId('check-ai').getAttribute('data-state')).toBe('down')
  })

  it('reads an iPhone as a Mobile device', async () => {
    const page = await open('/projects', { userAgent: IPHONE_UA, viewport: { width: 1440, height: 900 } })
    const status = page.getByTestId('system-status')
    await eventually(() => status.getByTestId('status-device').textContent()).toBe('Mobile')
    expect(await status.getByTestId('status-os').textContent()).toBe('iOS 17.4')
    expect(await status.getByTestId('status-browser').textContent()).toBe('Mobile Safari 17')
  })

  it('scales the logo: 100 px base times window width / 1000, clamped to 1-1.6', async () => {
    const page = await open('/faqs', { viewport: { width: 800, height: 800 } })
    const logo = page.getByTestId('logo')
    expect(await logo.evaluate((el) => el.getBoundingClientRect().width)).toBe(100)
    await page.setViewportSize({ width: 1300, height: 800 })
    await eventually(() => logo.evaluate((el) => el.getBoundingClientRect().width)).toBe(130)
    await page.setViewportSize({ width: 2400, height: 800 })
    await eventually(() => logo.evaluate((el) => el.getBoundingClientRect().width)).toBe(160)
    await page.getByRole('link', { name: /home$/ }).first().click()
    await page.waitForURL(`${suite.server.url}/`)
  })

  it('scrolls to the top when the page changes', async () => {
    const page = await open('/terms', { viewport: { width: 1440, height: 500 } })
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    await page.locator('footer').getByRole('link', { name: 'Privacy' }).click()
    await page.waitForURL(`${suite.server.url}/privacy`)
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  it('links the footer to the policy pages and the three social profiles in new tabs', async () => {
    const page = await open('/')
    const footer = page.locator('footer')
    for (const [name, href] of [['Terms', '/terms'], ['Privacy', '/privacy'], ['Cookie policy', '/cookie']]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href)
    }
    const external = footer.locator('a[target="_blank"]')
    expect(await external.count()).toBe(3)
    for (const rel of await external.evaluateAll((els) => els.map((e) => e.getAttribute('rel')))) expect(rel).toBe('noopener noreferrer')
  })
})
