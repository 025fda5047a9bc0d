import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildPolicy, contentSecurityPolicy, inlineScriptHashes, walletNodeOrigins } from './content-security-policy'

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
  const app = new Hono()
  app.use('*', contentSecurityPolicy({ rpcUrls: {}, googleMapsApiKey: 'a-browser-key-of-some-length' }))
  app.get('/page', (c) => c.html('<html><head><script>run()</script></head></html>'))
  app.get('/contact', (c) => c.html('<html></html>'))
  app.get('/data', (c) => c.json({ ok: true }))
  app.get('/unchanged', () => new Response(null, { status: 304, headers: { 'content-type': 'text/html; charset=utf-8' } }))
  app.get('/files/upload.html', () => new Response('<script>alert(1)</script>', { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "sandbox; default-src 'none'" } }))

  it('sets the policy on HTML with the page’s own script hashes and the page’s socket origin', async () => {
    const res = await app.request('http://site.test/page')
    const policy = res.headers.get('content-security-policy')!
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${sha('run()')}`)
    expect(directive(policy, 'connect-src')).toContain('ws://site.test')
    expect(policy).not.toContain('googleapis')
    expect(await res.text()).toBe('<html><head><script>run()</script></head></html>')
  })

  it('reads the hashes of a page sent precompressed (brotli or gzip)', async () => {
    const page = '<html><head><script>boot()</script></head></html>'
    const staticApp = new Hono()
    staticApp.use('*', contentSecurityPolicy({ rpcUrls: {} }))
    staticApp.get('/:name', (c) => {
      const encoding = c.req.param('name')
      const body = encoding === 'br' ? brotliCompressSync(page) : gzipSync(page)
      return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding, 'last-modified': 'Sat, 21 Nov 2026 10:00:00 GMT' } })
    })
    for (const encoding of ['br', 'gzip', 'br']) {
      const policy = (await staticApp.request(`http://site.test/${encoding}`)).headers.get('content-security-policy')!
      expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${sha('boot()')}`)
    }
  })

  it('answers HEAD with the same policy as GET', async () => {
    const [get, head] = await Promise.all([app.request('http://site.test/page'), app.request('http://site.test/page', { method: 'HEAD' })])
    expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'))
  })

  it('allows the public address\'s secure socket behind a TLS proxy', async () => {
    const proxied = new Hono()
    proxied.use('*', contentSecurityPolicy({ rpcUrls: {}, publicUrl: 'https://www.example.co.uk' }))
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
