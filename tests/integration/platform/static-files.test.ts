import { readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { serverForSuite } from '../../setup/server-for-suite'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The bytes as sent, before any decoding. */
  body: Buffer
}

/** A request that leaves the body as it came over the wire (fetch would decode it). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const decode = (r: RawResponse) => (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8')

// The production build's static files: prerendered pages and hashed assets, precompressed at build time.
describe('static files of the production build', () => {
  const server = serverForSuite('static-files-')
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
  const framework = readdirSync(path.join(buildDir, 'client/assets')).find((f) => /^framework-.*\.js$/.test(f))!

  it('sends a prerendered page as brotli or gzip, as the browser accepts, with the same page and policy as uncompressed', async () => {
    const plain = await get(`${server.url}/about`)
    const br = await get(`${server.url}/about`, { 'accept-encoding': 'gzip, deflate, br' })
    const gz = await get(`${server.url}/about`, { 'accept-encoding': 'gzip' })
    expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200])
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gz.headers['content-encoding']).toBe('gzip')
    // Caches keep one copy per encoding, the uncompressed one included.
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(gz.headers.vary).toBe('Accept-Encoding')
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const html = plain.body.toString('utf8')
    expect(html).toContain('<h1')
    expect(decode(br)).toBe(html)
    expect(decode(gz)).toBe(html)
    expect(br.body.length).toBeLessThan(gz.body.length)
    // The policy's script hashes are read from the page whatever its encoding.
    const policy = plain.headers['content-security-policy']
    expect(policy).toMatch(/script-src 'self' 'sha256-/)
    expect(br.headers['content-security-policy']).toBe(policy)
    expect(gz.headers['content-security-policy']).toBe(policy)
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(br.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    // HEAD answers the same headers without a body.
    const head = await get(`${server.url}/about`, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.body.length).toBe(0)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-length']).toBe(String(br.body.length))
    expect(head.headers['content-security-policy']).toBe(policy)
  })

  it('sends hashed assets precompressed and cached for good', async () => {
    const plain = await get(`${server.url}/assets/${framework}`)
    const br = await get(`${server.url}/assets/${framework}`, { 'accept-encoding': 'br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-length']).toBe(String(br.body.length))
    expect(decode(br)).toBe(plain.body.toString('utf8'))
    expect(br.body.length).toBeLessThan(plain.body.length / 2)
  })

  it('leaves files that are compressed already as they are', async () => {
    const font = readdirSync(path.join(buildDir, 'client/assets')).find((f) => f.endsWith('.woff2'))!
    const res = await get(`${server.url}/assets/${font}`, { 'accept-encoding': 'gzip, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
  })

  it('holds no stylesheet that nothing uses (each is built once, for the pages that use it)', () => {
    const client = path.join(buildDir, 'client')
    const pages = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))
    // React Router marks a stylesheet that a lazily loaded chunk also lists with a "#" after its URL
    // (the browser fetches the same file); the file is the part before it.
    const linked = new Set(pages.flatMap((f) => [...readFileSync(path.join(client, f), 'utf8').matchAll(/<link rel="stylesheet" href="\/assets\/([^"#]+)#?"/g)].map((m) => m[1])))
    // A stylesheet a page links only when it is needed (the maths of a study's write-up) is named by its script.
    const scripts = readdirSync(path.join(client, 'assets')).filter((f) => f.endsWith('.js'))
    const named = new Set(scripts.flatMap((f) => [...readFileSync(path.join(client, 'assets', f), 'utf8').matchAll(/\/assets\/([\w.-]+\.css)\b/g)].map((m) => m[1])))
    const built = readdirSync(path.join(client, 'assets')).filter((f) => f.endsWith('.css'))
    expect(built.length).toBeGreaterThan(1)
    expect(built.filter((f) => !linked.has(f) && !named.has(f))).toEqual([])
    expect(built.filter((f) => f.startsWith('katex'))).toHaveLength(1)
  })

  it('revalidates with the ETag and Last-Modified of the copy it sent: 304 without a body', async () => {
    for (const url of [`${server.url}/about`, `${server.url}/assets/${framework}`, `${server.url}/about.data`]) {
      const first = await get(url, { 'accept-encoding': 'br' })
      const etag = String(first.headers.etag)
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/)
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['content-security-policy']).toBeUndefined()
      // Another encoding is another copy: its own tag, and the old one does not match it.
      const plain = await get(url, { 'if-none-match': etag })
      expect(plain.status).toBe(200)
      expect(plain.headers.etag).not.toBe(etag)
      const since = await get(url, { 'if-modified-since': String(first.headers['last-modified']) })
      expect(since.status).toBe(304)
    }
  })

  it('gives every static answer the security headers, and a page the same policy with a query string', async () => {
    const page = await get(`${server.url}/?chat=open`, { 'accept-encoding': 'br' })
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toBe((await get(`${server.url}/`, { 'accept-encoding': 'br' })).headers['content-security-policy'])
    for (const res of [page, await get(`${server.url}/assets/${framework}`)]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['permissions-policy']).toContain('camera=()')
    }
  })

  it('answers a range of a video (a browser seeking in it) from the file', async () => {
    const res = await get(`${server.url}/media/examples/thermal-retention-study/temperature-field.mp4`, { range: 'bytes=0-99' })
    expect(res.status).toBe(206)
    expect(res.body.length).toBe(100)
  })
})

