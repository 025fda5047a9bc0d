import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compressAnswers } from './compress-answers'

const big = 'x'.repeat(5000)
const app = new Hono()
app.use('*', compressAnswers())
app.get('/json', (c) => c.json({ big }))
app.get('/varied', (c) => {
  c.header('Vary', 'Origin')
  return c.json({ big })
})
app.get('/png', (c) => c.body(new Uint8Array(5000), 200, { 'content-type': 'image/png' }))

describe('compressAnswers', () => {
  it('compresses for a client that accepts gzip', async () => {
    const res = await app.request('/json', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).big).toBe(big)
  })

  it('answers as written, with Vary, to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'br', 'identity', 'gzip;q=0']) {
      const res = await app.request('/json', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(JSON.parse(await res.text()).big).toBe(big)
    }
  })

  it('adds to a Vary the handler set, and leaves binary types alone', async () => {
    expect((await app.request('/varied')).headers.get('vary')).toBe('Origin, Accept-Encoding')
    const png = await app.request('/png')
    expect(png.headers.get('vary')).toBeNull()
    expect((await png.arrayBuffer()).byteLength).toBe(5000)
  })
})
