import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** The first-load JavaScript goal of a public page, gzip (issue: public website, "Quality"). */
export const FIRST_LOAD_JS_GOAL_KIB = 120

/**
 * The module scripts a page starts without any interaction: those its HTML names (module scripts,
 * modulepreloads, the imports of its hydration script or deferred loader) and, with `clientDir`,
 * everything they import statically, as the browser follows it. Dynamic imports (code loaded when
 * needed) are not followed.
 */
export function referencedModules(html: string, clientDir?: string): string[] {
  const urls = new Set<string>()
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/from\s*["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!)
  if (clientDir) {
    for (const url of urls) {
      const file = path.join(clientDir, url)
      if (!url.endsWith('.js') || !existsSync(file)) continue
      const code = readFileSync(file, 'utf8')
      // Minified static imports: `from"./x.js"` and `import"./x.js"` (not `import("./x.js")`).
      for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) urls.add(path.posix.join(path.posix.dirname(url), m[1]!))
    }
  }
  return [...urls].filter((u) => u.startsWith('/'))
}

/** A built client file's size after gzip -9, in KiB (0 when missing). */
export function fileGzipKiB(clientDir: string, file: string): number {
  const full = path.join(clientDir, file)
  return existsSync(full) ? gzipSync(readFileSync(full), { level: 9 }).length / 1024 : 0
}

export function gzipKiB(clientDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + fileGzipKiB(clientDir, file), 0)
}
