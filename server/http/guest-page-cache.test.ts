import { describe, expect, it } from 'vitest'
import { createGuestPageCache } from './guest-page-cache'

const page = (nonce: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(`<script nonce="${nonce}">1</script><script nonce="${nonce}">2</script>`, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

function setup() {
  let clock = 0
  let renders = 0
  const cache = createGuestPageCache({ ttlMs: 1000, maxEntries: 2, now: () => clock })
  const render = (headers: Record<string, string> = {}, status = 200) => async (nonce: string) => {
    renders++
    return page(nonce, headers, status)
  }
  return { cache, render, tick: (ms: number) => (clock += ms), renders: () => renders }
}

describe('guest page cache', () => {
  it('takes only GET requests without cookie, credentials or query string', () => {
    const { cache } = setup()
    expect(cache.accepts(new Request('http://x/profile'))).toBe(true)
    expect(cache.accepts(new Request('http://x/profile', { headers: { cookie: 'a=b' } }))).toBe(false)
    expect(cache.accepts(new Request('http://x/profile', { headers: { authorization: 'Bearer t' } }))).toBe(false)
    expect(cache.accepts(new Request('http://x/profile?client=1'))).toBe(false)
    expect(cache.accepts(new Request('http://x/profile.data'))).toBe(false)
    expect(cache.accepts(new Request('http://x/profile', { method: 'POST' }))).toBe(false)
  })

  it('answers a stored copy with each visitor’s own nonce, and renders again once the copy is stale', async () => {
    const { cache, render, tick, renders } = setup()
    expect(await (await cache.serve('/profile', 'AAA+/=', render())).text()).toBe('<script nonce="AAA+/=">1</script><script nonce="AAA+/=">2</script>')
    const second = await (await cache.serve('/profile', 'BBB', render())).text()
    expect(second).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>')
    expect(renders()).toBe(1)
    tick(1000)
    await (await cache.serve('/profile', 'CCC', render())).text()
    expect(renders()).toBe(2)
  })

  it('renders once for guests who ask at the same time', async () => {
    const { cache, render, renders } = setup()
    const answers = await Promise.all(['N1', 'N2', 'N3'].map((n) => cache.serve('/profile', n, render()).then((r) => r.text())))
    expect(renders()).toBe(1)
    expect(answers.map((a) => a.includes('N1') || a.includes('N2') || a.includes('N3'))).toEqual([true, true, true])
    expect(answers[2]).toContain('nonce="N3"')
  })

  it('never stores an answer that sets a cookie, is private, or is not a 200 page', async () => {
    const { cache, render, renders } = setup()
    for (const [headers, status] of [[{ 'set-cookie': 's=1' }, 200], [{ 'cache-control': 'private' }, 200], [{}, 404], [{ 'content-type': 'application/json' }, 200]] as const) {
      await cache.serve('/p', 'N', render(headers, status))
      await cache.serve('/p', 'M', render(headers, status))
    }
    expect(renders()).toBe(8)
    expect(cache.size).toBe(0)
  })

  it('keeps at most maxEntries paths', async () => {
    const { cache, render } = setup()
    for (const path of ['/a', '/b', '/c']) await (await cache.serve(path, 'N', render())).text()
    expect(cache.size).toBe(2)
  })
})
