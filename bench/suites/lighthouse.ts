// Lighthouse scores (mobile preset, simulated throttling; the median of LIGHTHOUSE_RUNS runs, 3 by
// default) and first-load JavaScript per public route, against the production build served by the real
// server. Per route: the four scores (goal 100 each), first and largest contentful paint (goals 1.0 s
// and 1.5 s), the metric that keeps Performance below 100, and the script bytes loaded before and after
// the load event. Printed, never asserted.
//
// The blog's list and one post (published by the bench through the API, with an equation, code, a
// table and a picture) are among the default routes, the post under the name /blog/<post>.
//
//   LIGHTHOUSE_ROUTES=all            every public route (about 15 s each)
//   LIGHTHOUSE_ROUTES=/,/contact     just these
//   LIGHTHOUSE_ROUTES=none           only the JavaScript table
//   FIRST_LOAD_DETAIL=/,/contact     also list these routes' first-load files, largest first
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { routeTable } from '../../lib/route-table'
import { seedBlogPost } from '../support/blog-post'
import { FIRST_LOAD_JS_GOAL_KIB, fileGzipKiB, gzipKiB, referencedModules } from '../../tests/setup/first-load'
import { startTestServer } from '../../tests/setup/test-server'

const root = path.resolve(import.meta.dirname, '../..')
const clientDir = path.join(root, process.env.BUILD_DIR ?? 'build', 'client')
const publicRoutes = [...routeTable.filter((r) => r.path !== '/profile').map((r) => r.path), '/blog/<post>']
const defaultRoutes = ['/', '/services', '/services/cad', '/training', '/process', '/faqs', '/privacy', '/contact', '/examples', '/blog', '/blog/<post>']
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const goals = { JS_KIB: FIRST_LOAD_JS_GOAL_KIB, SCORE: 100, FCP_MS: 1000, LCP_MS: 1500 }
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

interface RouteFigures {
  scores: Record<(typeof categories)[number], number>
  fcpMs: number
  lcpMs: number
  /** Script bytes (transferred) requested before the load event, and after it without interaction. */
  scriptBytesBeforeLoad: number
  scriptBytesAfterLoad: number
  /** The metrics and audits that cost points, worst first. */
  holdingBack: string[]
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

function figuresOf(lhr: Lhr): RouteFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const observedLoad = (lhr.audits.metrics?.details as { items?: { observedLoad?: number }[] } | undefined)?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY
  const requests = ((lhr.audits['network-requests']?.details as { items?: { resourceType?: string; networkRequestTime?: number; transferSize?: number }[] } | undefined)?.items ?? []).filter((r) => r.resourceType === 'Script')
  const before = requests.filter((r) => (r.networkRequestTime ?? 0) <= observedLoad).reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
  const after = requests.filter((r) => (r.networkRequestTime ?? 0) > observedLoad).reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
  const holdingBack = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode))
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
    .slice(0, 6)
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    scriptBytesBeforeLoad: before,
    scriptBytesAfterLoad: after,
    holdingBack,
  }
}

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
    const blogPost = await seedBlogPost(server)
    const pathOf = (route: string) => (route === '/blog/<post>' ? blogPost : route)
    console.log('first-load JavaScript per public route (the modules its HTML starts and what they import statically, gzip -9 of build files)')
    for (const route of publicRoutes) {
      const html = await (await fetch(server.url + pathOf(route))).text()
      const modules = referencedModules(html, clientDir)
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
      console.log(`\nLighthouse ${routes.length === publicRoutes.length ? 'on every public route' : `on ${routes.length} routes (LIGHTHOUSE_ROUTES=all for every one)`}, mobile preset, simulated throttling, median of ${runs} run${runs > 1 ? 's' : ''}`)
      console.log(`  ${'route'.padEnd(36)} ${'Perf'.padStart(5)} ${'A11y'.padStart(5)} ${'BP'.padStart(5)} ${'SEO'.padStart(5)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'JS before'.padStart(10)} ${'JS after load'.padStart(14)}`)
      let routesAtGoal = 0
      for (const route of routes) {
        const measured: RouteFigures[] = []
        for (let i = 0; i < runs; i++) {
          const result = await lighthouse(server.url + pathOf(route), { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] })
          if (result?.lhr) measured.push(figuresOf(result.lhr))
        }
        if (!measured.length) {
          console.log(`  ${route.padEnd(36)} no result`)
          continue
        }
        // The run whose Performance score is the median stands for the route.
        const typical = measured.find((m) => m.scores.performance === median(measured.map((x) => x.scores.performance)))!
        const scores = categories.map((c) => median(measured.map((m) => m.scores[c])))
        const fcp = median(measured.map((m) => m.fcpMs))
        const lcp = median(measured.map((m) => m.lcpMs))
        const atGoal = scores.every((s) => s >= goals.SCORE) && fcp <= goals.FCP_MS && lcp <= goals.LCP_MS
        if (atGoal) routesAtGoal++
        console.log(
          `  ${route.padEnd(36)} ${scores.map((v) => String(v).padStart(5)).join(' ')} ${`${(fcp / 1000).toFixed(2)} s`.padStart(7)} ${`${(lcp / 1000).toFixed(2)} s`.padStart(7)} ${`${(typical.scriptBytesBeforeLoad / 1024).toFixed(1)} KiB`.padStart(10)} ${`${(typical.scriptBytesAfterLoad / 1024).toFixed(1)} KiB`.padStart(14)}`,
        )
        if (!atGoal && typical.holdingBack.length) console.log(`  ${''.padEnd(36)} below the goal: ${typical.holdingBack.join(', ')}`)
      }
      console.log('  (a prerendered page starts its own modules after its first contentful paint, often after the load event: they count in "JS after load")')
      console.log(`  ${routesAtGoal} of ${routes.length} routes at the goal (100 in every category, FCP <= 1.0 s, LCP <= 1.5 s): ${routesAtGoal === routes.length ? 'met' : 'NOT MET'}`)
    } finally {
      chrome.kill()
    }
  } finally {
    await server.stop()
    server.cleanup()
  }
}
