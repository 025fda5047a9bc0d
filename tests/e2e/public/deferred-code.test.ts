import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactMessages as m } from '../../../lib/contact-schema'
import { allowPageErrors } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'
import { waitForHydration } from '../shell/shell-helpers'

// Code kept out of the first load and fetched when it is needed: Zod (the contact form's schema)
// once the visitor starts on the form, System Status once it is on screen.
const assetsDir = path.resolve(import.meta.dirname, '../../..', process.env.BUILD_DIR ?? 'build', 'client/assets')
const chunksContaining = (marker: string) => readdirSync(assetsDir).filter((f) => f.endsWith('.js') && readFileSync(path.join(assetsDir, f), 'utf8').includes(marker))
const zodChunks = chunksContaining('_zod')
const statusChunks = chunksContaining('Checking services...')

describe('code loaded when needed', () => {
  const suite = browserSuite()

  /** Opens a page and records the asset files it requests. */
  async function open(route: string, options: Parameters<Browser['newContext']>[0] = {}, before?: (page: Page) => Promise<unknown>) {
    const { page } = await suite.newPage(options)
    const requested: string[] = []
    page.on('request', (req) => requested.push(path.basename(new URL(req.url()).pathname)))
    // The wallet badge loads its code (Zod among it) when the browser is idle: hold that back.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
    await before?.(page)
    await page.goto(suite.server.url + route, { waitUntil: 'networkidle' })
    await waitForHydration(page)
    return { page, requested }
  }

  /** Opens the contact page with the Zod chunks held back until `release` is called. */
  async function openContactWithSchemaHeld() {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { page } = await open('/contact', {}, (p) =>
      p.route(/\/assets\/.*\.js$/, async (route: Route) => {
        if (zodChunks.includes(path.basename(new URL(route.request().url()).pathname))) await held
        await route.continue()
      }),
    )
    return { page, release, form: page.locator('form[aria-labelledby="contact-form-heading"]') }
  }

  it('finds the chunks it watches in the build', () => {
    expect(zodChunks.length).toBeGreaterThan(0)
    expect(statusChunks.length).toBeGreaterThan(0)
  })

  it('fetches the contact schema when the visitor starts on the form, and validates with it', async () => {
    const { page, requested } = await open('/contact')
    expect(requested.filter((f) => zodChunks.includes(f))).toEqual([])
    const form = page.locator('form[aria-labelledby="contact-form-heading"]')
    await form.getByLabel('Name').focus()
    await expect.poll(() => requested.filter((f) => zodChunks.includes(f)).length).toBeGreaterThan(0)
    await form.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await expect.poll(() => form.getByText(m.nameRequired).count()).toBe(1)
    expect(suite.tracked!.errors).toEqual([])
  })

  it('validates a form sent before the schema arrived, once it arrives', async () => {
    const { page, release, form } = await openContactWithSchemaHeld()
    await form.getByLabel('Email').fill('not-an-address')
    await form.getByRole('button', { name: 'SEND MESSAGE' }).click()
    // Nothing was sent while the schema was on its way.
    await page.waitForTimeout(300)
    expect(await form.getByText(m.emailMalformed).count()).toBe(0)
    expect(page.url()).toBe(suite.server.url + '/contact')
    release()
    await expect.poll(() => form.getByText(m.emailMalformed).count()).toBe(1)
    expect(await form.getByText(m.nameRequired).count()).toBe(1)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')
  })

  it('sends a valid message written before the schema arrived, once it arrives', async () => {
    const { page, release, form } = await openContactWithSchemaHeld()
    await form.getByLabel('Name').fill('Grace Hopper')
    await form.getByLabel('Email').fill(`grace-${Date.now()}@example.com`)
    await form.getByLabel('Message').fill('Please quote for an FEA check of a lifting frame.')
    await form.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.waitForTimeout(300)
    expect(await page.getByText(m.success).count()).toBe(0)
    release()
    await expect.poll(() => page.getByText(m.success).count(), { timeout: 15_000 }).toBe(1)
    expect(suite.tracked!.errors).toEqual([])
  })

  it('fetches System Status on a narrow screen only when the side panel opens', async () => {
    const { page, requested } = await open('/about', { viewport: { width: 800, height: 900 } })
    await page.waitForTimeout(300)
    expect(requested.filter((f) => statusChunks.includes(f))).toEqual([])
    // The server's placeholder is there all along.
    expect(await page.getByTestId('status-services').textContent()).toBe('Checking services...')
    await page.getByTestId('side-panel-toggle').click()
    await expect.poll(() => page.getByTestId('status-services').textContent(), { timeout: 15_000 }).toBe('Services 4/4 Active')
    expect(requested.filter((f) => statusChunks.includes(f)).length).toBeGreaterThan(0)
    expect(suite.tracked!.errors).toEqual([])
  })

  it('fetches System Status at once if the server-rendered block it waits for leaves the page', async () => {
    // What React does when it renders the page afresh instead of hydrating it: the block it watched is gone.
    // Removing it while hydration runs makes React report the mismatch (#418) and render afresh.
    allowPageErrors(/Minified React error #418/)
    const { page, requested } = await open('/about', { viewport: { width: 800, height: 900 } })
    await page.waitForTimeout(300)
    expect(requested.filter((f) => statusChunks.includes(f))).toEqual([])
    await page.evaluate(() => document.getElementById('system-status')?.remove())
    await expect.poll(() => requested.filter((f) => statusChunks.includes(f)).length).toBeGreaterThan(0)
  })

  it('fetches System Status with the page on a wide screen, where the side panel is shown', async () => {
    const { page, requested } = await open('/about', { viewport: { width: 1440, height: 900 } })
    await expect.poll(() => page.getByTestId('status-services').textContent(), { timeout: 15_000 }).toBe('Services 4/4 Active')
    expect(requested.filter((f) => statusChunks.includes(f)).length).toBeGreaterThan(0)
  })
})
