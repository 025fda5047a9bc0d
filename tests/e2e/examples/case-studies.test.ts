import { describe, expect, it } from 'vitest'
import { caseStudyContent } from '../../../content/examples'
import { windLoadSilo } from '../../../content/examples/wind-load-silo'
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration, useExamplesEnv } from './examples-env'

const infoLabels = ['Author', 'Category', 'Focus', 'Challenge', 'Approach', 'Highlight', 'Impact'] as const
const infoKeys = ['author', 'category', 'focus', 'challenge', 'approach', 'highlight', 'impact'] as const

/** The server HTML as text: React's entity escapes decoded, no-break spaces (number–unit pairs) as spaces. */
function decode(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ')
}

describe('visitor reads a case study', () => {
  const env = useExamplesEnv()

  const fetchHtml = async (path: string) => {
    const res = await fetch(env.server.url + path)
    expect(res.status).toBe(200)
    return res.text()
  }

  it.each(caseStudyContent.map((s) => [s.slug, s] as const))('%s: the prerendered HTML holds the whole write-up, collapsed', async (slug, study) => {
    const raw = await fetchHtml(`/examples/${slug}`)
    const html = decode(raw)
    expect(html).toContain(`>${study.title}</h1>`)
    for (const key of infoKeys) expect(html).toContain(study.info[key])
    // Every paragraph of every section is in the HTML, for search engines and readers.
    for (const section of study.sections) {
      expect(html).toContain(section.heading)
      for (const block of section.blocks) if (block.kind === 'paragraph') expect(html).toContain(block.text)
    }
    expect(raw).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Read Full Study<\/button>/)
    expect(raw).toMatch(/<div[^>]*hidden=""[^>]*data-testid="full-study"/)
    // Structured data describes the study as a technical article.
    const jsonLd = [...raw.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as { '@type': string; headline?: string })
    expect(jsonLd.find((d) => d['@type'] === 'TechArticle')?.headline).toBe(study.title)
    // No external scripts: the page's scripts are the site's own.
    expect(raw).not.toMatch(/<script[^>]+src="https?:/)
  })

  it.each(caseStudyContent.map((s) => [s.slug, s] as const))('%s: back link, info card and the Read Full Study / Show Less toggle', async (slug, study) => {
    const { page, errors } = await env.newPage()
    await page.goto(`/examples/${slug}`)
    await waitForHydration(page, 'main button[aria-controls]')
    const back = page.getByRole('link', { name: 'Back to Examples', exact: true })
    expect(new URL(await back.evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe('/examples')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(study.title)

    const card = page.getByRole('region', { name: 'Study summary' })
    const terms = await card.locator('dt').allTextContents()
    const values = await card.locator('dd').allTextContents()
    expect(terms).toEqual([...infoLabels])
    expect(values).toEqual(infoKeys.map((k) => study.info[k]))
    expect(study.info.category).toBe(study.item.category)

    const button = page.getByRole('button', { name: 'Read Full Study' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    const controlled = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
    const lastHeading = controlled.getByRole('heading', { level: 2 }).last()
    expect(await controlled.isVisible()).toBe(false)

    await button.click()
    const less = page.getByRole('button', { name: 'Show Less' })
    await less.waitFor()
    expect(await less.getAttribute('aria-expanded')).toBe('true')
    expect(await controlled.isVisible()).toBe(true)
    expect(await lastHeading.isVisible()).toBe(true)

    await less.click()
    await page.getByRole('button', { name: 'Read Full Study' }).waitFor()
    expect(await page.getByRole('button', { name: 'Read Full Study' }).getAttribute('aria-expanded')).toBe('false')
    expect(await controlled.isVisible()).toBe(false)

    await back.click()
    await page.waitForURL((url) => url.pathname === '/examples')
    expectNoConsoleErrors(errors)
  })

  it('the trailer study shows its figures and the arithmetic behind them', async () => {
    const html = decode(await fetchHtml('/examples/aerodynamic-trailer'))
    for (const figure of ['60 mph', '15 °C', '1.255 kg/m³', '33.5 %', '16.75 %', '33 L/100 km', '£1.55 per litre', '100,000 km', '£51,150', '£8,568', '£856,800']) {
      expect(html).toContain(figure)
    }
    expect(html).toContain('33 × 1,000 = 33,000 litres')
    expect(html).toContain('33,000 × £1.55 = £51,150')
    expect(html).toContain('100 × £8,568 = £856,800')
  })

  it('the sliotar study covers the Magnus effect and the 2, 3 and 4 mm seams', async () => {
    const html = decode(await fetchHtml('/examples/sliotar-cfd'))
    expect(html).toContain('Magnus effect')
    for (const seam of ['2 mm', '3 mm', '4 mm']) expect(html).toContain(seam)
    expect(html).toContain('The 3 mm seam is the best of the three')
  })

  it('the thermal retention study states 2 seconds above 850 °C at 1 kg/s and embeds a looping, muted video with controls', async () => {
    const html = decode(await fetchHtml('/examples/thermal-retention-study'))
    expect(html).toContain('850 °C for at least 2 seconds')
    expect(html).toContain('1 kg/s')
    const { page, errors } = await env.newPage()
    await page.goto('/examples/thermal-retention-study')
    await waitForHydration(page, 'main button[aria-controls]')
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    const video = page.locator('video')
    await video.waitFor()
    const attrs = await video.evaluate((v: HTMLVideoElement) => ({
      controls: v.hasAttribute('controls') && v.controls,
      loop: v.hasAttribute('loop') && v.loop,
      muted: v.hasAttribute('muted') && v.muted,
      poster: new URL(v.poster).pathname,
      src: new URL((v.querySelector('source') as HTMLSourceElement).src).pathname,
    }))
    expect(attrs).toEqual({
      controls: true,
      loop: true,
      muted: true,
      poster: '/media/examples/thermal-retention-study/temperature-field-poster.jpg',
      src: '/media/examples/thermal-retention-study/temperature-field.mp4',
    })
    const mp4 = await fetch(env.server.url + attrs.src)
    expect(mp4.status).toBe(200)
    expect(mp4.headers.get('content-type')).toBe('video/mp4')
    expect((await mp4.arrayBuffer()).byteLength).toBeLessThan(300 * 1024)
    expect((await fetch(env.server.url + attrs.poster)).status).toBe(200)
    expectNoConsoleErrors(errors)
  })

  it('the silo study has 13 numbered sections and maths typeset by KaTeX in the HTML', async () => {
    const raw = await fetchHtml('/examples/wind-load-silo')
    const headings = [...raw.matchAll(/<h2[^>]*>(\d+)\. [^<]+<\/h2>/g)].map((m) => Number(m[1]))
    expect(headings).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    expect(decode(raw)).toContain('221 t')
    expect(decode(raw)).toContain('100 mph')
    expect(raw).toContain('class="katex-display"')
    expect(raw).toContain('class="katex"')
    // MathML travels with the HTML for assistive technology.
    expect(raw).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML"')
    expect(raw).toMatch(/<table/)

    // Nothing but the site's own stylesheet stands before the first paint: the maths is in the
    // collapsed write-up, so KaTeX's stylesheet is linked only when it opens.
    const sheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
    expect(sheets(raw)).toEqual(sheets(await fetchHtml('/examples/aerodynamic-trailer')))
    expect(raw).not.toMatch(/href="[^"]*katex[^"]*\.css"/)
  })

  it('the silo study fetches the maths stylesheet when the visitor points at Read Full Study, and opens the write-up only once it has arrived', async () => {
    const { page, errors } = await env.newPage()
    const sheets: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'stylesheet') sheets.push(new URL(req.url()).pathname)
    })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/katex[^/]*\.css$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/examples/wind-load-silo')
    await waitForHydration(page, 'main button[aria-controls]')
    expect(sheets.filter((p) => p.includes('katex'))).toEqual([])
    const button = page.getByRole('button', { name: 'Read Full Study' })
    await button.hover()
    await expect.poll(() => sheets.filter((p) => p.includes('katex')).length).toBe(1)
    await button.click()
    // The stylesheet is still on its way: the write-up stays closed rather than show unstyled maths.
    await page.waitForTimeout(300)
    expect(await page.getByTestId('full-study').isVisible()).toBe(false)
    release()
    await page.getByRole('button', { name: 'Show Less' }).waitFor()
    const display = page.locator('.katex-display').first()
    await display.scrollIntoViewIfNeeded()
    expect(await display.isVisible()).toBe(true)
    expect(await display.locator('.katex').first().evaluate((el) => getComputedStyle(el).fontFamily)).toContain('KaTeX_Main')
    // Its fonts are the site's own immutable assets.
    const href = await page.locator('link[rel="stylesheet"][href*="katex"]').getAttribute('href')
    const css = await (await fetch(env.server.url + href)).text()
    const font = css.match(/url\((\/assets\/KaTeX_Main-Regular[^)]+\.woff2)\)/)
    expect(font).not.toBeNull()
    const fontRes = await fetch(env.server.url + font![1])
    expect(fontRes.status).toBe(200)
    expect(fontRes.headers.get('cache-control')).toContain('immutable')
    // Closed and opened again, the write-up needs nothing more.
    await page.getByRole('button', { name: 'Show Less' }).click()
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    await page.getByRole('button', { name: 'Show Less' }).waitFor()
    expect(sheets.filter((p) => p.includes('katex'))).toHaveLength(1)
    expectNoConsoleErrors(errors)
  })

  it('the silo study still opens its write-up when the maths stylesheet cannot be fetched', async () => {
    const { page } = await env.newPage()
    await page.route(/\/assets\/katex[^/]*\.css$/, (route) => route.abort('failed'))
    await page.goto('/examples/wind-load-silo')
    await waitForHydration(page, 'main button[aria-controls]')
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    await page.getByRole('button', { name: 'Show Less' }).waitFor()
    expect(await page.getByTestId('full-study').isVisible()).toBe(true)
    expect(await page.locator('main h2').first().innerText()).toBe(`1. ${windLoadSilo.sections[0]!.heading}`)
  })

  it('reached by a link within the site, the silo study still shows typeset maths and its fonts', async () => {
    const { page, errors } = await env.newPage()
    const fonts: string[] = []
    page.on('response', (res) => {
      if (res.url().includes('/assets/KaTeX_')) fonts.push(new URL(res.url()).origin)
    })
    await page.goto('/examples/aerodynamic-trailer')
    await waitForHydration(page, 'main button[aria-controls]')
    await page.getByRole('link', { name: 'Back to Examples', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/examples')
    await page.getByRole('link', { name: 'Wind Load on a 221 t Silo' }).click()
    await page.getByRole('heading', { level: 1, name: 'Wind Load on a 221 t Silo', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    const display = page.locator('.katex-display').first()
    await display.scrollIntoViewIfNeeded()
    expect(await display.isVisible()).toBe(true)
    expect(await page.locator('.katex-display').count()).toBe(9)
    // KaTeX's own stylesheet applies (its fonts come from this site only).
    expect(await display.locator('.katex').first().evaluate((el) => getComputedStyle(el).fontFamily)).toContain('KaTeX_Main')
    await expect.poll(() => fonts.length).toBeGreaterThan(0)
    expect(new Set(fonts)).toEqual(new Set([env.server.url]))
    expectNoConsoleErrors(errors)
  })

  it('a study page has no axe violations, collapsed or expanded', async () => {
    const { page, errors } = await env.newPage()
    await page.goto('/examples/wind-load-silo')
    await waitForHydration(page, 'main button[aria-controls]')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Read Full Study' }).click()
    await page.getByRole('button', { name: 'Show Less' }).waitFor()
    await expectNoAxeViolations(page)
    expectNoConsoleErrors(errors)
  })
})
