import { describe, expect, it } from 'vitest'
import { deferHydrationInPage, deferredLoader } from './defer-hydration'

const moduleScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
  window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-C.js", "imports": ["/assets/framework-D.js"] } };
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-C.js");`

const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-C.js"/><link rel="modulepreload" href="/assets/framework-D.js"/><link rel="stylesheet" href="/assets/shell.css"/></head><body><main>Content</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${moduleScript}</script></body></html>`

/**
 * Runs a loader in a stand-in browser and records what it imports, in order, and the globals it
 * sets; `paint` reports the first contentful paint, `load` fires the load event and its timers.
 */
function run(loader: string, visibilityState = 'visible') {
  const imported: string[] = []
  const win: Record<string, unknown> = {}
  const onLoad: (() => void)[] = []
  const timers: (() => void)[] = []
  let observer: ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void) | undefined
  class FakeObserver {
    constructor(callback: typeof observer) {
      observer = callback
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true })
    }
  }
  const fn = new Function('window', 'document', 'PerformanceObserver', 'addEventListener', 'setTimeout', '__import', loader.replace(/\bimport\(/g, '__import('))
  fn(
    win,
    { visibilityState },
    FakeObserver,
    (event: string, f: () => void) => event === 'load' && onLoad.push(f),
    (f: () => void) => timers.push(f),
    async (url: string) => {
      imported.push(url)
      return { url }
    },
  )
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return {
    imported,
    win,
    async paint(name: string) {
      observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} })
      await settle()
    },
    async load() {
      for (const f of onLoad) f()
      for (const f of timers.splice(0)) f()
      await settle()
    },
  }
}

describe('deferHydrationInPage', () => {
  it('drops the module preloads and replaces the module script with a classic one', () => {
    const out = deferHydrationInPage(page)
    expect(out).not.toContain('modulepreload')
    expect(out).not.toContain('type="module"')
    expect(out).toContain('<link rel="stylesheet" href="/assets/shell.css"/>')
    expect(out).toContain('<main>Content</main>')
  })

  it('imports the same modules and starts the same entry once the page has painted content, and only once', async () => {
    const page = run(deferredLoader(moduleScript))
    await page.paint('first-paint')
    expect(page.imported).toEqual([]) // a paint without content is not enough
    await page.paint('first-contentful-paint')
    expect(page.imported).toEqual(['/assets/root-A.js', '/assets/home-B.js', '/assets/entry.client-C.js'])
    expect(page.win.__reactRouterRouteModules).toEqual({ root: { url: '/assets/root-A.js' }, 'routes/home': { url: '/assets/home-B.js' } })
    expect(page.win.__reactRouterManifest).toMatchObject({ entry: { module: '/assets/entry.client-C.js' } })
    await page.load()
    expect(page.imported).toHaveLength(3)
  })

  it('starts at once in a page that is not visible, and after the load event in one that never paints content', async () => {
    const hidden = run(deferredLoader(moduleScript), 'hidden')
    await new Promise((r) => setTimeout(r, 0))
    expect(hidden.imported).toHaveLength(3)
    const blank = run(deferredLoader(moduleScript))
    await new Promise((r) => setTimeout(r, 0))
    expect(blank.imported).toEqual([])
    await blank.load()
    expect(blank.imported).toHaveLength(3)
  })

  it('keeps the nonce of a page rendered per request on the loader', () => {
    const rendered = page
      .replaceAll('"/>', '" nonce="abc=="/>')
      .replace('<script type="module" async="">', '<script nonce="abc==" type="module" async="">')
    const out = deferHydrationInPage(rendered)
    expect(out).not.toContain('modulepreload')
    expect(out).not.toContain('type="module"')
    expect(out).toMatch(/<script nonce="abc==">\(function\(\)\{/)
  })

  it('stops the build on a static import it cannot keep, or a page without exactly one module script', () => {
    expect(() => deferredLoader(`import { x } from "/assets/x.js";\nx()`)).toThrow(/cannot keep/)
    expect(() => deferHydrationInPage('<html><body>No scripts</body></html>')).toThrow(/0 module scripts/)
  })
})
