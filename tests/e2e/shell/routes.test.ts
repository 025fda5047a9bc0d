import { describe, expect, it } from 'vitest'
import { eventually, waitForHydration } from './shell-helpers'
import { routeTable } from '../../../lib/route-table'
import { allowPageErrors } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'
import { startTestServer } from '../../setup/test-server'

describe('every page sits inside the shell', () => {
  const suite = browserSuite({ screenshotPrefix: 'shell-routes-', server: () => ({ own: true }) })

  it('answers 200 for every route of the route table, with header, navigation, side panel and footer', async () => {
    await suite.newPage({ viewport: { width: 1440, height: 900 } })
    const { page, errors } = suite.tracked!
    for (const route of routeTable) {
      // The server's HTML (prerendered or not) shows the wallet badge's starting value.
      const html = await (await fetch(suite.server.url + route.path)).text()
      expect(html, route.path).toMatch(/data-testid="wallet-badge"[^>]*>Guest</)
      // Its title and description, built on the server by the page's loader.
      expect(html, route.path).toContain(`<meta name="description" content="${route.description}"/>`)
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1], route.path).toContain(route.title.replace(/&/g, '&amp;'))
      const res = await page.goto(suite.server.url + route.path)
      expect(res?.status(), route.path).toBe(200)
      await eventually(() => page.locator('header').first().isVisible(), route.path).toBe(true)
      expect(await page.getByRole('navigation', { name: 'Main' }).count(), route.path).toBe(1)
      expect(await page.getByRole('complementary', { name: 'Side panel' }).count(), route.path).toBe(1)
      expect(await page.locator('footer').count(), route.path).toBe(1)
      expect(await page.getByText('Computational engineering', { exact: true }).count(), route.path).toBe(1)
      expect(await page.getByTestId('wallet-badge').count(), route.path).toBe(1)
      expect(await page.title(), route.path).toContain(route.title)
    }
    expect(errors).toEqual([])
  })

  it('serves a real 404 page with a way home for an unknown address', async () => {
    allowPageErrors(/status of 404/)
    const raw = await fetch(`${suite.server.url}/no-such-page`)
    expect(raw.status).toBe(404)
    await suite.newPage()
    const { page } = suite.tracked!
    const res = await page.goto(`${suite.server.url}/no-such-page`)
    expect(res?.status()).toBe(404)
    await waitForHydration(page)
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found')
    expect(await page.locator('header').count()).toBe(1)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await page.waitForURL(`${suite.server.url}/`)
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
    await eventually(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).count()).toBe(0)
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).count()).toBe(1)
    // The 404 itself is logged by Chromium as a failed resource load; nothing else may be.
    expect(suite.tracked!.errors.filter((e) => !e.includes('404'))).toEqual([])
  })

  it('replaces the page with "Something went wrong." when rendering fails, and logs the error', async () => {
    allowPageErrors(/status of 500|Unexpected Server Error/) // the deliberate rendering error
    await suite.newPage()
    const { page, errors } = suite.tracked!
    const res = await page.goto(`${suite.server.url}/test/boom`)
    expect(res?.status()).toBe(500)
    await eventually(() => page.getByRole('alert').textContent()).toBe('Something went wrong.')
    // This console error is the point of the test: the boundary logs what it caught.
    await eventually(() => errors.length).toBeGreaterThan(0)
    expect(suite.server.logs.join('\n')).toContain('Deliberate rendering error')
  })

  it('serves robots.txt and sitemap.xml listing the public routes', async () => {
    const robots = await fetch(`${suite.server.url}/robots.txt`)
    expect(robots.status).toBe(200)
    const robotsText = await robots.text()
    expect(robotsText).toContain('User-agent: *')
    expect(robotsText).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/)
    const sitemap = await fetch(`${suite.server.url}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    const xml = await sitemap.text()
    for (const route of routeTable.filter((r) => r.sitemap)) expect(xml).toContain(`${route.path}</loc>`)
    expect(xml).not.toContain('/profile</loc>')
  })

  it('keeps the test route a 404 unless test routes are enabled', async () => {
    const plain = await startTestServer({ env: { ENABLE_TEST_ROUTES: '0' } })
    try {
      const res = await fetch(`${plain.url}/test/boom`)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('Page not found')
    } finally {
      await plain.stop()
      plain.cleanup()
    }
  })
})
