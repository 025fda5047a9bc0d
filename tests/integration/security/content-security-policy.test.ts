import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineScriptHash } from '../../../server/http/content-security-policy'
import { readScriptHashManifest } from '../../../server/http/script-hash-manifest'
import { portalServerForSuite } from '../portal/support/portal-server'

const root = path.resolve(import.meta.dirname, '../../..')
const scriptSources = (policy: string | null) => policy!.split('; ').find((d) => d.startsWith('script-src '))!.split(' ').slice(1)

/** The inline scripts of a page that run (not JSON-LD), with their nonce attribute if any. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '']) => !/\ssrc\s*=/.test(` ${attributes}`) && !/type="application\/ld\+json"/.test(attributes))
    .map(([, attributes = '', body = '']) => ({ nonce: /nonce="([^"]+)"/.exec(attributes)?.[1], body }))
}

describe('Content-Security-Policy of real pages (hashes from the build, nonces per request)', () => {
  const portal = portalServerForSuite()
  const manifest = readScriptHashManifest(path.join(root, process.env.BUILD_DIR ?? 'build', 'server'))

  it.each([
    ['/', 'index.html'],
    ['/about', 'about/index.html'],
    ['/examples/wind-load-silo', 'examples/wind-load-silo/index.html'],
  ])('a prerendered page (%s) allows exactly the scripts the build hashed for its file', async (route, file) => {
    const res = await fetch(portal.url + route, { headers: { 'accept-encoding': 'br' } })
    const sources = scriptSources(res.headers.get('content-security-policy'))
    expect(manifest.pages[file]!.length).toBeGreaterThan(1)
    expect(sources).toEqual(["'self'", ...manifest.pages[file]!])
    for (const script of inlineScripts(await res.text())) expect(sources).toContain(inlineScriptHash(script.body))
  })

  it.each(['/profile', '/no-such-page'])('a server-rendered page (%s) gets a fresh nonce, which each of its scripts carries, and no hash of its content', async (route) => {
    const [first, second] = await Promise.all([fetch(portal.url + route), fetch(portal.url + route)])
    const sources = scriptSources(first.headers.get('content-security-policy'))
    const nonce = sources.find((s) => s.startsWith("'nonce-"))!.slice("'nonce-".length, -1)
    expect(scriptSources(second.headers.get('content-security-policy'))).not.toContain(`'nonce-${nonce}'`)
    // Besides the nonce, only the build's own constant scripts (the theme boot script) by hash.
    expect(sources).toEqual(["'self'", `'nonce-${nonce}'`, ...manifest.rendered])
    const scripts = inlineScripts(await first.text())
    expect(scripts.length).toBeGreaterThan(1)
    for (const script of scripts) expect(script.nonce === nonce || manifest.rendered.includes(inlineScriptHash(script.body))).toBe(true)
  })

  it('the previews\' worker scripts may compile WebAssembly (and its bindings\' code) and reach only this origin; no page may', async () => {
    const { readdirSync } = await import('node:fs')
    const assets = readdirSync(path.join(root, process.env.BUILD_DIR ?? 'build', 'client', 'assets'))
    const workers = assets.filter((f) => /\.worker-[\w-]+\.js$/.test(f))
    expect(workers.map((f) => f.split('.worker-')[0]).sort()).toEqual(['download', 'dxf', 'ifc', 'model', 'results'])
    for (const worker of workers) {
      const res = await fetch(`${portal.url}/assets/${worker}`)
      expect(res.status).toBe(200)
      // The download worker only fetches: no script, no WebAssembly, no eval.
      const policy = worker.startsWith('download.') ? "default-src 'none'; connect-src 'self'" : "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'"
      expect(res.headers.get('content-security-policy'), worker).toBe(policy)
    }
    // PDF.js's worker reads a stranger's file: scripts of this origin only, no eval, no WebAssembly, no fetching.
    const pdfWorker = assets.filter((f) => /^pdf\.worker\.min-[\w-]+\.mjs$/.test(f))
    expect(pdfWorker).toHaveLength(1)
    const pdfAnswer = await fetch(`${portal.url}/assets/${pdfWorker[0]}`)
    expect(pdfAnswer.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(pdfAnswer.headers.get('content-security-policy')).toBe("default-src 'none'; script-src 'self'")
    const other = assets.find((f) => f.endsWith('.js') && !f.includes('.worker-'))!
    expect((await fetch(`${portal.url}/assets/${other}`)).headers.get('content-security-policy')).toBeNull()
    for (const route of ['/', '/profile']) {
      const sources = scriptSources((await fetch(portal.url + route)).headers.get('content-security-policy'))
      expect(sources).not.toContain("'wasm-unsafe-eval'")
      expect(sources).not.toContain("'unsafe-eval'")
    }
  })
})
