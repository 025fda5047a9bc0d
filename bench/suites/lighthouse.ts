// Lighthouse scores (mobile preset) and first-load JavaScript per public route, against the
// production build served by the real server. Printed, never asserted.
//
//   LIGHTHOUSE_ROUTES=all            every public route (about 15 s each)
//   LIGHTHOUSE_ROUTES=/,/contact     just these
//   LIGHTHOUSE_ROUTES=none           only the JavaScript table
//   FIRST_LOAD_DETAIL=/,/contact     also list these routes' first-load files, largest first
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { routeTable } from '../../lib/route-table'
import { FIRST_LOAD_JS_GOAL_KIB, fileGzipKiB, gzipKiB, referencedModules } from '../../tests/setup/first-load'
import { startTestServer } from '../../tests/setup/test-server'

const root = path.resolve(import.meta.dirname, '../..')
const clientDir = path.join(root, process.env.BUILD_DIR ?? 'build', 'client')
const publicRoutes = routeTable.filter((r) => r.path !== '/profile').map((r) => r.path)
const defaultRoutes = ['/', '/services', '/services/cad', '/training', '/process', '/faqs', '/privacy', '/contact', '/examples']
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const goals = { JS_KIB: FIRST_LOAD_JS_GOAL_KIB, PERFORMANCE: 95 }

function chosenRoutes(): string[] {
  const value = process.env.LIGHTHOUSE_ROUTES?.trim()
  if (!value) return defaultRoutes
  if (value === 'all') return publicRoutes
  if (value === 'none') return []
  return value.split(',').map((r) => r.trim()).filter(Boolean)
}

const detailRoutes = new Set((process.env.FIRST_LOAD_DETAIL ?? '').split(',').map((r) => r.trim()).filter(Boolean))

export default async function lighthouseSuite() {
  const server = await startTestServer()
  try {
    console.log('first-load JavaScript per public route (module scripts and modulepreloads in the HTML, gzip -9 of build files)')
    for (const route of publicRoutes) {
      const html = await (await fetch(server.url + route)).text()
      const modules = referencedModules(html)
      const kib = gzipKiB(clientDir, modules)
      console.log(`  ${route.padEnd(36)} ${kib.toFixed(1).padStart(6)} KiB in ${String(modules.length).padStart(2)} files${kib > goals.JS_KIB ? `   above the ${goals.JS_KIB} KiB goal` : ''}`)
      if (detailRoutes.has(route)) {
        const files = modules.map((file) => ({ file, kib: fileGzipKiB(clientDir, file) })).sort((a, b) => b.kib - a.kib)
        for (const { file, kib: size } of files) console.log(`      ${size.toFixed(1).padStart(6)} KiB  ${file}`)
      }
    }

    const routes = chosenRoutes()
    if (!routes.length) return
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    try {
      console.log(`\nLighthouse ${routes.length === publicRoutes.length ? 'on every public route' : `on ${routes.length} routes (LIGHTHOUSE_ROUTES=all for every one)`}, mobile preset, simulated throttling`)
      console.log(`  ${'route'.padEnd(36)} ${'Perf'.padStart(5)} ${'A11y'.padStart(5)} ${'BP'.padStart(5)} ${'SEO'.padStart(5)}`)
      for (const route of routes) {
        const result = await lighthouse(server.url + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] })
        const lhr = result?.lhr
        if (!lhr) {
          console.log(`  ${route.padEnd(36)} no result`)
          continue
        }
        const score = (id: string) => {
          const s = lhr.categories[id]?.score
          return (s === null || s === undefined ? 'n/a' : String(Math.round(s * 100))).padStart(5)
        }
        console.log(`  ${route.padEnd(36)} ${categories.map(score).join(' ')}`)
        // Name what cost points, so the figure leads somewhere.
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
        if (failing.length) console.log(`  ${''.padEnd(36)} below 0.9: ${failing.slice(0, 6).join(', ')}`)
      }
    } finally {
      chrome.kill()
    }
  } finally {
    await server.stop()
    server.cleanup()
  }
}
