/**
 * Pages rendered per request look the same to every visitor without a cookie or credentials (a guest):
 * the signed-out dashboard, a not-found page. Under load they are rendered once per short interval and
 * the copy is answered to the next guests with their own Content-Security-Policy nonce put in place of
 * the one it was rendered with. Anything that could differ per visitor is never stored: requests with a
 * cookie, an Authorization header or a query string, answers that are not a 200 HTML page, answers that
 * set a cookie. The interval bounds how stale a page can be; the entry count bounds the memory.
 */
export interface GuestPageCacheOptions {
  /** How long a rendered copy is answered (milliseconds). */
  ttlMs: number
  /** The most paths kept at once; the oldest goes first. */
  maxEntries: number
  now?: () => number
}

interface Entry {
  body: string
  headers: [string, string][]
  nonce: string
  expiresAt: number
}

export interface GuestPageCache {
  /** Whether this request may be answered from, and stored in, the cache. */
  accepts(request: Request): boolean
  /**
   * The page for `path` with `nonce` in it: a stored copy while fresh, otherwise `render(nonce)`, stored
   * when it can be shared. Guests who ask while it renders wait for that one render.
   */
  serve(path: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response>
  readonly size: number
}

const NOT_STORED_HEADERS = new Set(['set-cookie', 'date', 'content-length'])

export function createGuestPageCache({ ttlMs, maxEntries, now = Date.now }: GuestPageCacheOptions): GuestPageCache {
  const entries = new Map<string, Entry>()
  const rendering = new Map<string, Promise<Entry | undefined>>()
  const freshEntry = (path: string) => {
    const entry = entries.get(path)
    if (!entry || entry.expiresAt > now()) return entry
    entries.delete(path)
    return undefined
  }
  const copyOf = (entry: Entry, nonce: string) => new Response(entry.body.split(entry.nonce).join(nonce), { status: 200, headers: entry.headers })
  const shareable = (response: Response) =>
    response.status === 200 &&
    response.body !== null &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie') &&
    !/no-store|private/.test(response.headers.get('cache-control') ?? '')
  return {
    accepts(request) {
      if (request.method !== 'GET') return false
      if (request.headers.has('cookie') || request.headers.has('authorization')) return false
      const url = new URL(request.url)
      // A query string could be anything: it would let a visitor fill the cache with variants.
      return url.search === '' && !url.pathname.endsWith('.data')
    },
    async serve(path, nonce, render) {
      const fresh = freshEntry(path)
      if (fresh) return copyOf(fresh, nonce)
      const inFlight = rendering.get(path)
      if (inFlight) {
        const shared = await inFlight
        if (shared) return copyOf(shared, nonce)
        return render(nonce)
      }
      let settle!: (entry: Entry | undefined) => void
      rendering.set(path, new Promise((resolve) => (settle = resolve)))
      try {
        const response = await render(nonce)
        if (!shareable(response)) {
          settle(undefined)
          return response
        }
        const body = await response.text()
        const headers = [...response.headers].filter(([name]) => !NOT_STORED_HEADERS.has(name.toLowerCase()))
        const entry = { body, headers, nonce, expiresAt: now() + ttlMs }
        entries.delete(path)
        entries.set(path, entry)
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
        settle(entry)
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
      } catch (error) {
        settle(undefined)
        throw error
      } finally {
        rendering.delete(path)
      }
    },
    get size() {
      return entries.size
    },
  }
}
