import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { HYDRATED_EVENT } from '../../lib/hydrated-event'

// As React Router writes them; a page rendered per request carries its nonce on each.
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g
const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/g
const NAMESPACE_IMPORT = /import \* as (\w+) from "([^"]+)";/g
const BARE_IMPORT = /import "([^"]+)";/g
// The script's last statement: the client entry, whose evaluation calls React's hydrateRoot.
const ENTRY_IMPORT = /import\(("[^"]+")\);\s*$/

/** Buttons pressed before the framework started that are pressed again once it has (at most this many). */
const MAX_EARLY_PRESSES = 5

/**
 * After the load event, how long a page that never paints content waits before it starts anyway (then
 * two more frames). A page with content starts on its first contentful paint instead; on a starved
 * machine that paint can be reported more than a second after the load event, so the wait is long
 * enough not to start such a page before it (a page with no content hydrates this much later).
 */
const START_WITHOUT_PAINT_MS = 3000

/**
 * The loader that replaces a page's module script: it imports the same modules, sets the same
 * globals and starts the same entry, but only once the browser reports the page's first contentful
 * paint, so nothing the framework needs is fetched before the content shows. A page that is not
 * visible (opened in the background) starts at once; one that never paints content starts a moment
 * after its load event, once the browser has drawn two more frames. A classic script: `import()` works there, and the policy allows it by its hash.
 *
 * Until then the page's own buttons (menu, theme dots, Login, chat) have no handlers. A press on one
 * before the entry runs (a `type="button"` button, which does nothing by itself) is remembered and
 * pressed again once the layout announces it has hydrated (`HYDRATED_EVENT`). Presses after the
 * entry has run are React's to handle. Links and form submissions work without the framework and
 * are left alone.
 */
export function deferredLoader(moduleScript: string): string {
  const bindings: string[] = []
  const urls: string[] = []
  let rest = moduleScript.replace(NAMESPACE_IMPORT, (_, name: string, url: string) => {
    bindings.push(`${name}=m[${urls.length}]`)
    urls.push(url)
    return ''
  })
  rest = rest.replace(BARE_IMPORT, (_, url: string) => {
    urls.push(url)
    return ''
  })
  // Anything else imported statically could not run in a classic script: the build stops instead.
  if (/^\s*import\s*[\w*{"]/m.test(rest)) throw new Error(`A prerendered page's module script has an import the deferred loader cannot keep:\n${moduleScript.slice(0, 500)}`)
  const body = rest.replace(/^\s*;\s*/, '').trim()
  if (!ENTRY_IMPORT.test(body)) throw new Error(`A prerendered page's module script does not end with the import of its entry:\n${moduleScript.slice(-500)}`)
  const bodyThenStopKeeping = body.replace(ENTRY_IMPORT, 'import($1).then(stopKeeping);')
  return (
    '(function(){var started=0,early=[];' +
    `function keep(e){var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');if(b&&early.length<${MAX_EARLY_PRESSES})early.push(b)}` +
    "function stopKeeping(){removeEventListener('click',keep,true)}" +
    "function replay(){stopKeeping();removeEventListener(" + JSON.stringify(HYDRATED_EVENT) + ",replay);var b=early;early=[];for(var i=0;i<b.length;i++)if(b[i].isConnected)b[i].click()}" +
    "addEventListener('click',keep,true);" +
    "addEventListener(" + JSON.stringify(HYDRATED_EVENT) + ",replay);" +
    `function start(){if(started)return;started=1;Promise.all([${urls.map((u) => `import(${JSON.stringify(u)})`).join(',')}]).then(function(m){var ${bindings.join(',') || '_=m'};\n${bodyThenStopKeeping}\n})}` +
    "if(document.visibilityState!=='visible')return start();" +
    "try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();start()}}).observe({type:'paint',buffered:true})}catch(e){return start()}" +
    `addEventListener('load',function(){setTimeout(function(){requestAnimationFrame(function(){requestAnimationFrame(start)})},${START_WITHOUT_PAINT_MS})})` +
    '})()'
  )
}

/** One page without module preloads, its module script replaced by the deferred loader (with the same nonce). */
export function deferHydrationInPage(html: string): string {
  let scripts = 0
  const out = html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, (_, nonce: string | undefined, code: string) => {
    scripts++
    return `<script${nonce ? ` nonce="${nonce}"` : ''}>${deferredLoader(code)}</script>`
  })
  if (scripts !== 1) throw new Error(`A prerendered page has ${scripts} module scripts where the deferred loader expects one`)
  return out
}

/**
 * Public pages show everything they have without JavaScript: they are prerendered, and the framework
 * only adds the header's widgets and client-side navigation. React Router starts every page by
 * preloading its modules (about a hundred KiB) in `<head>`, and on a slow mobile link those downloads
 * share the line with the HTML and the stylesheet before anything is painted. At build time, each
 * prerendered page loses the preloads and starts the framework after its first paint. A public page
 * rendered per request does the same when its route's handle asks for it (`deferHydration`, applied
 * by the server entry); the portal keeps React Router's way.
 */
export async function deferHydrationInPrerenderedPages(clientDir: string): Promise<number> {
  let pages = 0
  for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.join(entry.parentPath, entry.name)
    const html = await readFile(file, 'utf8')
    if (!html.includes('<script type="module" async="">')) continue
    await writeFile(file, deferHydrationInPage(html))
    pages++
  }
  return pages
}
