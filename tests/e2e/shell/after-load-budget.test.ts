import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { newTrackedPage } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'
import { fileGzipKiB, referencedModules } from '../../setup/first-load'

// What a page fetches after its load event while the visitor does nothing, beyond its own first-load
// modules (which a prerendered page starts after its first paint, so often after the load event; their
// size is held by the first-load budget): only what it shows (the System Status panel in view and its
// browser description). No wallet library without a wallet, no
// form code or schema library before a form is used, nothing "just in case". The budget holds what the
// pages in view load today (the carousel of a service page, the training tables, the panel).
const clientDir = path.resolve(import.meta.dirname, '../../..', process.env.BUILD_DIR ?? 'build', 'client')
const allAssets = readdirSync(path.join(clientDir, 'assets'))
const assets = allAssets.filter((f) => f.endsWith('.js'))
const containing = (marker: string) => assets.filter((f) => readFileSync(path.join(clientDir, 'assets', f), 'utf8').includes(marker))
/** Chunks a visitor who does nothing must never load: the wallet libraries, Zod, the sign-in and contact forms. */
const neverUnasked = [...containing('wagmi.sh'), ...containing('ZodError'), ...assets.filter((f) => /^(auth-form|contact-form|login-form)-/.test(f))]
/** The CAD viewer: three.js, its loaders, the preview dialog, the workers and OpenCascade; PDF.js and its worker. Only a preview loads them. */
export const viewerChunks = [...containing('WebGLRenderer'), ...containing('pdf.worker.min-'), ...allAssets.filter((f) => /^(preview-dialog|occt-import-js|pdf\.worker\.min)-|\.worker-[\w-]+\.js$/.test(f))]
const AFTER_LOAD_GOAL_KIB = 24

describe('JavaScript loaded after the load event without interaction', () => {
  const suite = browserSuite({ screenshotPrefix: 'after-load-' })

  it('knows the chunks no idle visitor may load', () => {
    expect(containing('wagmi.sh').length).toBeGreaterThan(0)
    expect(containing('ZodError').length).toBeGreaterThan(0)
    expect(viewerChunks.length).toBeGreaterThanOrEqual(3)
    expect(containing('pdf.worker.min-').length).toBeGreaterThan(0)
    expect(viewerChunks.some((f) => f.startsWith('pdf.worker.min-'))).toBe(true)
  })

  // Every route's page is opened together and watched for the same idle time, once for the file.
  const routes = ['/', '/contact', '/services/cam', '/examples/wind-load-silo', '/training', '/about']
  const loadedBy = new Map<string, { file: string; afterLoad: boolean; afterFirstPaint: boolean }[]>()
  /** Per route, the first-load modules its HTML starts (file names under assets/). */
  const firstLoadOf = new Map<string, string[]>()
  beforeAll(async () => {
    for (const route of routes) {
      const html = await (await fetch(suite.server.url + route)).text()
      firstLoadOf.set(route, referencedModules(html, clientDir).map((url) => url.replace('/assets/', '')))
    }
    const pages = await Promise.all(routes.map(() => newTrackedPage(suite.browser, { viewport: { width: 1440, height: 900 } })))
    try {
      await Promise.all(pages.map(({ page }, i) => page.goto(suite.server.url + routes[i], { waitUntil: 'load' })))
      // A page starts its own modules on its first contentful paint, or some seconds after its load event
      // when the browser never reports one (as for pages opened side by side on a busy machine): wait
      // for them (a page that never starts them fails below), then watch each page idle for longer than
      // an idle callback's usual time limit.
      await Promise.all(
        pages.map(({ page }, i) =>
          page
            .waitForFunction(
              (files) => files.every((f) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === `/assets/${f}`)),
              firstLoadOf.get(routes[i]!)!,
              { timeout: 20_000, polling: 200 },
            )
            .catch(() => undefined),
        ),
      )
      await pages[0]!.page.waitForTimeout(3500)
      for (const [i, { page }] of pages.entries()) {
        const loaded = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
          const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY
          return performance
            .getEntriesByType('resource')
            .filter((e) => /\.(m?js|wasm)$/.test(e.name))
            .map((e) => ({ file: new URL(e.name).pathname.replace('/assets/', ''), afterLoad: e.startTime >= navigation!.loadEventEnd, afterFirstPaint: e.startTime >= firstPaint }))
        })
        loadedBy.set(routes[i]!, loaded)
      }
    } finally {
      await Promise.all(pages.map(({ context }) => context.close()))
    }
  })

  it.each(routes)(
    `%s loads its own modules, no viewer, wallet, form or schema code at all, and beyond its own modules at most ${AFTER_LOAD_GOAL_KIB} KiB (gzip) after its load event`,
    (route) => {
      const loaded = loadedBy.get(route)!
      // No byte of the CAD viewer, before or after the load event.
      expect(loaded.filter((l) => viewerChunks.includes(l.file) || l.file.endsWith('.wasm'))).toEqual([])
      // The page's own modules load without interaction (the page hydrates), whenever they start.
      const firstLoad = firstLoadOf.get(route)!
      expect(firstLoad.length).toBeGreaterThanOrEqual(3)
      expect(firstLoad.filter((f) => !loaded.some((l) => l.file === f))).toEqual([])
      // No wallet, form or schema code at all, the page's own modules included.
      expect(loaded.filter((l) => neverUnasked.includes(l.file)).map((l) => l.file)).toEqual([])
      const after = loaded.filter((l) => l.afterLoad && !firstLoad.includes(l.file)).map((l) => l.file)
      const kib = after.reduce((sum, f) => sum + fileGzipKiB(path.join(clientDir, 'assets'), f), 0)
      expect(kib).toBeLessThanOrEqual(AFTER_LOAD_GOAL_KIB)
    },
  )

  // A public page shows its content before it fetches any script: nothing competes with the HTML and
  // the stylesheet for a slow link before the first paint (prerendered pages, and /contact, which is
  // rendered per request).
  it.each(routes)('%s starts no script before its first contentful paint', (route) => {
    const loaded = loadedBy.get(route)!
    expect(loaded.length).toBeGreaterThan(0)
    expect(loaded.filter((l) => !l.afterFirstPaint).map((l) => l.file)).toEqual([])
  })
})
