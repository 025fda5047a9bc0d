/** A browser-like client: one cookie jar, the site's Origin on every request. */
export class HttpClient {
  readonly cookies = new Map<string, string>()
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('origin', this.baseUrl)
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v)
    if (this.cookies.size) headers.set('cookie', this.cookieHeader)
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' })
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq)
      const value = pair!.slice(eq + 1)
      if (!value || /max-age=0/i.test(set)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  post(path: string, body: unknown) {
    return this.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  }

  async json<T = Record<string, unknown>>(path: string, body: unknown): Promise<{ status: number; body: T }> {
    const res = await this.post(path, body)
    return { status: res.status, body: (await res.json().catch(() => ({}))) as T }
  }

  async gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) {
    const res = await this.post('/graphql', { query, variables })
    return (await res.json()) as { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] }
  }
}
