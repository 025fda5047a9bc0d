import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactPage } from '../../../content'
import { contactMessages as m } from '../../../lib/contact-schema'
import { EARTH_RADIUS_KM } from '../../../lib/geo'
import { site } from '../../../lib/site'
import { allowPageErrors, launchBrowser, newTrackedPage } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'
import { waitForHydration } from '../shell/shell-helpers'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { expectNoAxeViolations, expectNoAxeViolationsInEveryTheme, queryServerDatabase } from './support'

const valid = { name: 'Ada Lovelace', email: 'ada@example.co.uk', message: 'Could you quote for a CFD study of a trailer roof (about 3 m long)?' }

/** The contact form (the shared layout has its own sign-in form with an Email field). */
const form = (page: Page) => page.locator('form[aria-labelledby="contact-form-heading"]')

async function fill(page: Page, values: Partial<typeof valid>) {
  const v = { ...valid, ...values }
  await form(page).getByLabel('Name').fill(v.name)
  await form(page).getByLabel('Email').fill(v.email)
  await form(page).getByLabel('Message').fill(v.message)
}

/** The message shown for a field: the element its aria-describedby points to. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const field = form(page).getByLabel(label, { exact: true })
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? []
  const errorId = ids.find((id) => id.endsWith('-error'))
  return errorId ? page.locator(`#${errorId}`).innerText() : null
}

describe('contact page', () => {
  // A server of its own: the test of the per-address limit uses up this address's messages.
  const suite = browserSuite({ server: () => ({ own: true }) })

  async function open(options: Parameters<Browser['newContext']>[0] = {}) {
    const { page } = await suite.newPage(options)
    await page.goto(suite.server.url + '/contact')
    return page
  }

  const contactRows = (email: string) => queryServerDatabase<{ name: string; message: string }>(suite.server, 'SELECT name, message FROM contact WHERE email = $1', [email])

  it('shows each validation message next to its field, one rule at a time', async () => {
    const page = await open()
    // Each field's values, each with the message it is refused with.
    const cases: Record<'Name' | 'Email' | 'Message', [value: string, message: string][]> = {
      Name: [['', m.nameRequired], ['Al', m.nameInvalid], ['Abcdefghijklmnopqrstuvwxyza', m.nameInvalid], ['Ann-Marie', m.nameInvalid], ['A B C D E F', m.nameInvalid], ['Daaave', m.nameInvalid]],
      Email: [['', m.emailRequired], ['ada.example.com', m.emailMalformed], ['ada@example', m.emailMalformed], ['ada@exa_mple.com', m.emailDomain]],
      Message: [['', m.messageRequired], ['Price <b>now</b>', m.messageCharacters], ['Budget £500', m.messageCharacters]],
    }
    // Wait for hydration: the browser-side check runs before anything is sent.
    await waitForHydration(page)
    for (const [label, value, message] of Object.entries(cases).flatMap(([label, values]) => values.map(([value, message]) => [label as keyof typeof cases, value, message] as const))) {
      await fill(page, { [label.toLowerCase()]: value })
      await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
      await page.waitForFunction((l) => document.getElementById(`contact-${l}`)?.getAttribute('aria-invalid') === 'true', label.toLowerCase())
      expect(await fieldError(page, label), `${label} ${JSON.stringify(value)}`).toBe(message)
      for (const other of (['Name', 'Email', 'Message'] as const).filter((l) => l !== label)) expect(await fieldError(page, other)).toBeNull()
    }
    // Fixing the field removes its message as the visitor types.
    await form(page).getByLabel('Message').fill('Budget 500 pounds')
    expect(await fieldError(page, 'Message')).toBeNull()
    expect(await page.getByTestId('message-count').innerText()).toBe('17 / 1800 characters')
    expect(await form(page).getByLabel('Message').getAttribute('maxlength')).toBe('1800')
    // A message still showing (the e-mail one), legible in every theme.
    await form(page).getByLabel('Email').fill('not-an-address')
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    expect(await fieldError(page, 'Email')).toBe(m.emailMalformed)
    await expectNoAxeViolationsInEveryTheme(page)
    expect(await contactRows(valid.email)).toEqual([])
    expect(suite.tracked!.errors).toEqual([])
  })

  it('sends a message with JavaScript: "Sending Message", then the thanks, and the message is stored', async () => {
    const page = await open()
    const email = 'js-sender@example.com'
    await fill(page, { email })
    // Hold the submission briefly so the sending state can be seen.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/contact.data*', async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await waitForHydration(page)
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    const sending = page.getByRole('button', { name: 'Sending Message' })
    await sending.waitFor()
    expect(await sending.isDisabled()).toBe(true)
    release()
    await page.getByRole('status').filter({ hasText: m.success }).waitFor()
    expect(await page.getByRole('button', { name: 'SEND MESSAGE' }).isEnabled()).toBe(true)
    expect(await form(page).getByLabel('Name').inputValue()).toBe('')
    expect(await contactRows(email)).toEqual([{ name: valid.name, message: valid.message }])
    const queued = await queryServerDatabase<{ kind: string; channel: string }>(suite.server, `SELECT kind, channel FROM outbox WHERE payload->>'email' = $1`, [email])
    expect(queued).toEqual([{ kind: 'contact', channel: 'notification' }])
    await expectNoAxeViolationsInEveryTheme(page)
    expect(suite.tracked!.errors).toEqual([])
  })

  it('shows a field error found by the server beside its field, when the browser\'s check was passed by', async () => {
    allowPageErrors(/status of 400/) // the server refuses the altered message
    const page = await open()
    const email = 'altered@example.com'
    await fill(page, { email })
    // The browser checks a valid name; on its way the name becomes one the server refuses.
    await page.route('**/contact.data*', (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const body = new URLSearchParams(route.request().postData() ?? '')
      body.set('name', 'Al')
      return route.continue({ postData: body.toString() })
    })
    await waitForHydration(page)
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.waitForFunction(() => document.getElementById('contact-name')?.getAttribute('aria-invalid') === 'true')
    expect(await fieldError(page, 'Name')).toBe(m.nameInvalid)
    expect(await fieldError(page, 'Email')).toBeNull()
    expect(await fieldError(page, 'Message')).toBeNull()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name')
    expect(await contactRows(email)).toEqual([])
  })

  it('counts and sends what was typed before the form’s code arrived', async () => {
    const { page } = await suite.newPage()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The form's code is loaded when the visitor starts on it; here it arrives only after the typing.
    await page.route(/\/contact-form-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(suite.server.url + '/contact')
    await waitForHydration(page)
    const early = { ...valid, email: 'early.typist@example.co.uk' }
    await form(page).getByLabel('Name').pressSequentially(early.name)
    await form(page).getByLabel('Email').pressSequentially(early.email)
    await form(page).getByLabel('Message').pressSequentially(early.message)
    expect(await page.getByTestId('message-count').innerText()).toBe('0 / 1800 characters')
    release()
    await page.getByTestId('message-count').getByText(`${early.message.length} / 1800 characters`, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.getByText(m.success).waitFor()
    expect(await contactRows(early.email)).toEqual([{ name: early.name, message: early.message }])
  })

  it('works without JavaScript: the server shows a validation error with the typed text, then accepts the corrected message', async () => {
    allowPageErrors(/status of 400/) // the server refuses the invalid message
    const page = await open({ javaScriptEnabled: false })
    const email = 'no-js@example.com'
    await fill(page, { email, name: 'Al' })
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.waitForLoadState('load')
    expect(await fieldError(page, 'Name')).toBe(m.nameInvalid)
    expect(await form(page).getByLabel('Email').inputValue()).toBe(email)
    expect(await form(page).getByLabel('Message').inputValue()).toBe(valid.message)
    expect(await contactRows(email)).toEqual([])

    await form(page).getByLabel('Name').fill('Grace Hopper')
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.waitForLoadState('load')
    expect(await page.getByRole('status').filter({ hasText: m.success }).count()).toBe(1)
    expect(await contactRows(email)).toEqual([{ name: 'Grace Hopper', message: valid.message }])
  })

  it('drops a message whose hidden honeypot field was filled, while answering as if it was sent', async () => {
    const page = await open({ javaScriptEnabled: false })
    const email = 'bot@example.com'
    await fill(page, { email })
    await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'))
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.waitForLoadState('load')
    expect(await page.getByRole('status').filter({ hasText: m.success }).count()).toBe(1)
    expect(await contactRows(email)).toEqual([])
  })

  it('shows the failure message and keeps what was typed when the message cannot be stored', async () => {
    allowPageErrors(/status of 500/) // the message cannot be stored
    const page = await open()
    const email = 'db-down@example.com'
    await fill(page, { email })
    await waitForHydration(page)
    // A real fault: the table the message goes to is unavailable.
    await queryServerDatabase(suite.server, 'ALTER TABLE contact RENAME TO contact_unavailable')
    try {
      await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
      await page.getByRole('alert').filter({ hasText: m.failure }).waitFor()
    } finally {
      await queryServerDatabase(suite.server, 'ALTER TABLE contact_unavailable RENAME TO contact')
    }
    expect(await form(page).getByLabel('Name').inputValue()).toBe(valid.name)
    expect(await form(page).getByLabel('Email').inputValue()).toBe(email)
    expect(await form(page).getByLabel('Message').inputValue()).toBe(valid.message)
    expect(await contactRows(email)).toEqual([])
    await expectNoAxeViolationsInEveryTheme(page)
  })

  it('shows the company address, the unavailable map without a key, and the distance from the visitor (Leeds)', async () => {
    const leeds = { latitude: 53.7997, longitude: -1.5492 }
    const page = await open({ geolocation: leeds, permissions: ['geolocation'] })
    const warnings: string[] = []
    page.on('console', (msg) => warnings.push(msg.text()))
    const address = await page.getByTestId('office-address').innerText()
    expect(address).toContain(site.companyName)
    expect(address).toContain('Hebden Bridge')
    expect(address).toContain('West Yorkshire')
    expect(address).toContain(site.address.postcode)
    await page.getByText(contactPage.mapUnavailable).waitFor()
    expect(await page.locator('[data-map-state]').getAttribute('data-map-state')).toBe('unavailable')
    const box = await page.locator('[data-map-state]').boundingBox()
    expect(box).toMatchObject({ width: 350, height: 300 })
    // Great circle from Leeds to the office with R = 6371 km: 31.675 km.
    expect(EARTH_RADIUS_KM).toBe(6371)
    await page.getByTestId('office-distance').waitFor()
    expect(await page.getByTestId('office-distance').innerText()).toBe('31.7 km away')
    await expectNoAxeViolations(page)
    expect(suite.tracked!.errors).toEqual([])
  })

  it('says "Approximately 500 m away" for a visitor half a kilometre from the office', async () => {
    // 500 m due north: 500 / (2π × 6 371 000 / 360) degrees of latitude.
    const near = { latitude: site.office.lat + 500 / ((2 * Math.PI * 6_371_000) / 360), longitude: site.office.lng }
    const page = await open({ geolocation: near, permissions: ['geolocation'] })
    await page.getByTestId('office-distance').waitFor()
    expect(await page.getByTestId('office-distance').innerText()).toBe('Approximately 500 m away')
    expect(await page.getByRole('button', { name: contactPage.askDistance }).count()).toBe(0)
  })

  it('asks for the position only when the visitor asks, shows no distance when refused, and only logs the refusal', async () => {
    const { page, errors } = await suite.newPage()
    const logs: string[] = []
    page.on('console', (msg) => logs.push(msg.text()))
    await page.goto(suite.server.url + '/contact')
    await page.getByText(contactPage.mapUnavailable).waitFor()
    expect(logs).not.toContain('Location access denied')
    await page.getByRole('button', { name: contactPage.askDistance }).click()
    await expect.poll(() => logs).toContain('Location access denied')
    expect(await page.getByRole('button', { name: contactPage.askDistance }).count()).toBe(0)
    expect(await page.getByTestId('office-distance').count()).toBe(0)
    expect(logs).toContain('Google Maps API key is missing or invalid')
    expect(errors).toEqual([])
  })

  // Last in this file: it uses up this address's allowance.
  it('refuses further messages from one address with a clear message (429), keeping the typed text', async () => {
    allowPageErrors(/status of 429/) // the address has used up its messages
    // A plain form POST (as without JavaScript) until the limit answers.
    let status = 0
    let html = ''
    for (let i = 0; i < 10 && status !== 429; i++) {
      const body = new URLSearchParams({ ...valid, email: `burst${i}@example.com` })
      const response = await fetch(suite.server.url + '/contact', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      status = response.status
      html = await response.text()
      if (status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(status).toBe(429)
    expect(html).toContain(contactPage.rateLimited.replace(/'/g, '&#x27;'))
    expect(html).toContain(`>${valid.message}</textarea>`)
    const page = await open()
    await fill(page, { email: 'patient@example.com' })
    await waitForHydration(page)
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click()
    await page.getByRole('alert').filter({ hasText: contactPage.rateLimited }).waitFor()
    expect(await form(page).getByLabel('Message').inputValue()).toBe(valid.message)
    expect(await contactRows('patient@example.com')).toEqual([])
  })
})

describe('contact map with a key (the Maps script answered by a stand-in, or unreachable)', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startTestServer({ env: { GOOGLE_MAPS_API_KEY: 'test-browser-key-0001' } }), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    server?.cleanup()
  })

  it('draws the office marker at zoom 10, the visitor\'s "You" marker and a blue-grey line of width 3 at 0.8 opacity, after one failed attempt', async () => {
    allowPageErrors(/ERR_INTERNET_DISCONNECTED/) // the first attempt at the Maps script fails
    const leeds = { latitude: 53.7997, longitude: -1.5492 }
    const { page, context, errors } = await newTrackedPage(browser, { geolocation: leeds, permissions: ['geolocation'] })
    let attempts = 0
    // A stand-in for the Maps JavaScript API at the network boundary: it records what the page asks for.
    await context.route('https://maps.googleapis.com/**', async (route) => {
      attempts++
      if (attempts === 1) return route.abort('internetdisconnected')
      const callback = new URL(route.request().url()).searchParams.get('callback')
      const body = `(() => {
        window.__maps = { markers: [], lines: [] };
        class LatLngBounds { extend() {} }
        class Map { constructor(el, options) { window.__maps.map = { center: options.center, zoom: options.zoom }; el.setAttribute('data-fake-map', ''); } fitBounds() {} }
        class Marker { constructor(o) { window.__maps.markers.push({ title: o.title, label: o.label ?? null, position: o.position }); } setMap() {} }
        class Polyline { constructor(o) { window.__maps.lines.push({ path: o.path, strokeColor: o.strokeColor, strokeWeight: o.strokeWeight, strokeOpacity: o.strokeOpacity, geodesic: o.geodesic }); } setMap() {} }
        window.google = { maps: { Map, Marker, Polyline, LatLngBounds, importLibrary: async () => ({}) } };
        window[${JSON.stringify(callback)}]();
      })()`
      await route.fulfill({ status: 200, contentType: 'text/javascript', body })
    })
    await page.goto(server.url + '/contact')
    await page.locator('[data-map-state="loaded"]').waitFor({ timeout: 15_000 })
    await page.waitForFunction(() => {
      const maps = (window as unknown as { __maps?: { lines: unknown[]; markers: unknown[] } }).__maps
      return maps && maps.lines.length > 0 && maps.markers.length > 1
    })
    const maps = await page.evaluate(() => (window as unknown as { __maps: { map: unknown; markers: unknown[]; lines: unknown[] } }).__maps)
    expect(attempts).toBe(2)
    expect(maps.map).toEqual({ center: site.office, zoom: 10 })
    expect(maps.markers[0]).toEqual({ title: site.companyName, label: null, position: site.office })
    expect(maps.markers).toContainEqual({ title: 'You', label: 'You', position: { lat: leeds.latitude, lng: leeds.longitude } })
    expect(maps.lines.at(-1)).toEqual({ path: [{ lat: leeds.latitude, lng: leeds.longitude }, site.office], strokeColor: '#607d8b', strokeWeight: 3, strokeOpacity: 0.8, geodesic: false })
    expect(await page.getByRole('region', { name: `Map showing ${site.companyName}` }).count()).toBe(1)
    expect(await page.getByTestId('office-distance').innerText()).toBe('31.7 km away')
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
    await context.close()
  })

  it('shows "Loading map...", retries the script three times with growing delays, then shows the map as unavailable', async () => {
    allowPageErrors(/ERR_INTERNET_DISCONNECTED/) // the Maps script is unreachable
    const { page, context, errors } = await newTrackedPage(browser)
    const logs: string[] = []
    page.on('console', (msg) => logs.push(msg.text()))
    const attempts: number[] = []
    await context.route('https://maps.googleapis.com/**', async (route) => {
      attempts.push(Date.now())
      expect(new URL(route.request().url()).searchParams.get('key')).toBe('test-browser-key-0001')
      expect(new URL(route.request().url()).searchParams.get('libraries')).toBe('marker')
      await route.abort('internetdisconnected')
    })
    await page.goto(server.url + '/contact')
    await page.getByText(contactPage.loadingMap).waitFor()
    await page.getByText(contactPage.mapUnavailable).waitFor({ timeout: 20_000 })
    expect(attempts).toHaveLength(4)
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!)
    expect(gaps[0]).toBeGreaterThanOrEqual(900)
    expect(gaps[1]).toBeGreaterThan(gaps[0]!)
    expect(gaps[2]).toBeGreaterThan(gaps[1]!)
    expect(logs.some((l) => l.startsWith('Google Maps failed to load'))).toBe(true)
    // The key reaches the page only as the public map setting; other configuration does not.
    const html = await (await fetch(server.url + '/contact')).text()
    expect(html).toContain('test-browser-key-0001')
    expect(html).not.toMatch(/DATABASE_URL|AUTH_SECRET|postgres:\/\//)
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
    await context.close()
  })
})
