import { describe, expect, it } from 'vitest'
import { HYDRATED_EVENT } from '../../lib/hydrated-event'
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
  // What happened, in order: imports ("import <url>") and buttons pressed by the loader ("press <name>").
  const log: string[] = []
  let listeners: { event: string; f: (event: { target: unknown }) => void; capture: boolean }[] = []
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
  const frames: (() => void)[] = []
  const fn = new Function('window', 'document', 'PerformanceObserver', 'addEventListener', 'removeEventListener', 'setTimeout', 'requestAnimationFrame', '__import', loader.replace(/\bimport\(/g, '__import('))
  fn(
    win,
    { visibilityState },
    FakeObserver,
    (event: string, f: () => void, capture?: boolean) => {
      if (event === 'load') onLoad.push(f)
      else listeners.push({ event, f, capture: capture === true })
    },
    (event: string, f: () => void, capture?: boolean) => {
      listeners = listeners.filter((l) => !(l.event === event && l.f === f && l.capture === (capture === true)))
    },
    (f: () => void) => timers.push(f),
    (f: () => void) => frames.push(f),
    async (url: string) => {
      imported.push(url)
      log.push(`import ${url}`)
      return { url }
    },
  )
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return {
    imported,
    win,
    log,
    /** A click on an element: a button of type "button" (named), a link, or a button that has left the page. */
    click(target: { button?: string; link?: boolean; gone?: boolean }) {
      const element = {
        isConnected: !target.gone,
        closest: (selector: string) => (target.button && selector === 'button[type="button"]' ? element : null),
        click: () => log.push(`press ${target.button}`),
      }
      for (const l of listeners.filter((l) => l.event === 'click' && l.capture)) l.f({ target: element })
    },
    /** The layout announces it has hydrated. */
    hydrated() {
      for (const l of listeners.filter((l) => l.event === HYDRATED_EVENT)) l.f({ target: null })
    },
    async paint(name: string) {
      observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} })
      await settle()
    },
    async load() {
      for (const f of onLoad) f()
      for (const f of timers.splice(0)) f()
      await settle()
    },
    /** The browser draws a frame. */
    async frame() {
      for (const f of frames.splice(0)) f()
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

  it('presses again, once the layout has hydrated, the buttons pressed before the entry ran, in order, and only those', async () => {
    const page = run(deferredLoader(moduleScript))
    page.click({ button: 'Open menu' })
    page.click({ link: true })
    page.click({ button: 'Theme 3' })
    page.click({ button: 'Removed', gone: true })
    await page.paint('first-contentful-paint')
    expect(page.log).toEqual(['import /assets/root-A.js', 'import /assets/home-B.js', 'import /assets/entry.client-C.js'])
    // The entry has run: a press now is React's (it hydrates for it), not the loader's.
    page.click({ button: 'Login' })
    page.hydrated()
    expect(page.log.slice(3)).toEqual(['press Open menu', 'press Theme 3'])
    page.click({ button: 'Chat' })
    page.hydrated()
    expect(page.log).toHaveLength(5)
  })

  it('remembers at most five early presses', async () => {
    const page = run(deferredLoader(moduleScript))
    for (let i = 1; i <= 7; i++) page.click({ button: `Theme ${i}` })
    await page.paint('first-contentful-paint')
    page.hydrated()
    expect(page.log.filter((l) => l.startsWith('press'))).toEqual(['press Theme 1', 'press Theme 2', 'press Theme 3', 'press Theme 4', 'press Theme 5'])
  })

  it('starts at once in a page that is not visible, and after the load event in one that never paints content', async () => {
    const hidden = run(deferredLoader(moduleScript), 'hidden')
    await new Promise((r) => setTimeout(r, 0))
    expect(hidden.imported).toHaveLength(3)
    const blank = run(deferredLoader(moduleScript))
    await new Promise((r) => setTimeout(r, 0))
    expect(blank.imported).toEqual([])
    await blank.load()
    // A moment after the load event, then two frames: content would have painted by then.
    await blank.frame()
    expect(blank.imported).toEqual([])
    await blank.frame()
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
    expect(() => deferredLoader(`import * as route0 from "/assets/root-A.js";\nwindow.x = route0;`)).toThrow(/import of its entry/)
  })
})
