import http from 'node:http'

export interface HttpClientOptions {
  /**
   * The loopback address the client connects from (127.0.0.2, 127.0.0.3, ...: all of 127.0.0.0/8 is
   * loopback on Linux), so the server sees distinct client addresses.
   */
  localAddress?: string
}

/** A browser-like client: one cookie jar, the site's Origin on every request. */
export class HttpClient {
  readonly cookies = new Map<string, string>()
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
    readonly options: HttpClientOptions = {},
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('origin', this.baseUrl)
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v)
    if (this.cookies.size) headers.set('cookie', this.cookieHeader)
    const res = this.options.localAddress
      ? await fetchFrom(this.options.localAddress, this.baseUrl + path, { ...init, headers })
      : await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' })
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

/** fetch over node:http from a chosen local address (Node's fetch cannot bind one without undici's Agent). */
function fetchFrom(localAddress: string, url: string, init: RequestInit & { headers: Headers }): Promise<Response> {
  const body = bodyOf(init)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: Object.fromEntries(init.headers), localAddress }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v)
        }
        const status = res.statusCode ?? 0
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }))
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A request's body as node:http sends it, with the content type fetch would give it (a form's, for URLSearchParams). */
function bodyOf(init: RequestInit & { headers: Headers }): string | Buffer | undefined {
  const { body } = init
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return body
  if (body instanceof Uint8Array) return Buffer.from(body)
  if (body instanceof URLSearchParams) {
    if (!init.headers.has('content-type')) init.headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8')
    return body.toString()
  }
  throw new Error('fetchFrom sends a string, bytes or a form')
}

/** The data of a GraphQL operation that must succeed: any error fails the test with the query and the errors. */
export async function gqlData<T>(client: HttpClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.gql<T>(query, variables)
  if (r.errors?.length) throw new Error(`${query}: ${JSON.stringify(r.errors)}`)
  return r.data as T
}
