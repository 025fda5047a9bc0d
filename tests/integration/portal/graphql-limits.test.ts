import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { portalServerForSuite } from './support/portal-server'
import { portalWithAccounts } from './support/portal-with-accounts'

describe('GraphQL limits, introspection and error masking (production mode)', () => {
  const { portal, accounts } = portalWithAccounts({}, { user: 'limits@example.test' })

  it('refuses a body above 100 KB (413) and one above 1 MB before reading it, in the GraphQL error shape', async () => {
    const post = (body: string) => fetch(`${portal.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const big = await post(JSON.stringify({ query: '{ ok }', variables: { pad: 'x'.repeat(200 * 1024) } }))
    expect(big.status).toBe(413)
    const huge = await post(JSON.stringify({ query: '{ ok }', variables: { pad: 'x'.repeat(2 * 1024 * 1024) } }))
    expect(huge.status).toBe(413)
    expect((await huge.json()).errors[0]).toMatchObject({ message: 'Request body is too large', extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' } })
  })

  it('compresses an answer for a client that accepts gzip, and says the answer varies by it', async () => {
    const query = JSON.stringify({ query: `{ ${Array.from({ length: 15 }, (_, i) => `a${i}${'_'.repeat(60)}: me { userId }`).join(' ')} }` })
    const headers = { 'content-type': 'application/json', cookie: accounts.user.cookieHeader, origin: portal.url }
    const { request } = await import('node:http')
    const raw = await new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
      const url = new URL(`${portal.url}/graphql`)
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end(query)
    })
    expect(raw.encoding).toBe('gzip')
    expect(raw.vary).toMatch(/Accept-Encoding/)
    const answer = JSON.parse(gunzipSync(raw.body).toString())
    expect(answer.errors).toBeUndefined()
    expect(answer.data[`a14${'_'.repeat(60)}`].userId).toEqual(expect.any(String))
  })

  it('refuses a query deeper than 6 levels and accepts 6', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    // Six levels pass validation (the comment does not exist, so the answer is NOT_FOUND).
    const six = await accounts.user.gql('query($id: ID!) { getComment(id: $id) { blogPost { comments { blogPost { comments { id } } } } } }', { id })
    expect(six.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const seven = await accounts.user.gql('query($id: ID!) { getComment(id: $id) { blogPost { comments { blogPost { comments { blogPost { id } } } } } } }', { id })
    expect(seven.errors?.[0]?.message).toBe('Query is too deep (7 levels; the limit is 6)')
  })

  it('refuses more than 15 aliases', async () => {
    const fields = Array.from({ length: 16 }, (_, i) => `a${i}: ok`).join(' ')
    expect((await accounts.user.gql(`{ ${fields} }`)).errors?.[0]?.message).toBe('Too many aliases (16; the limit is 15)')
    const fifteen = Array.from({ length: 15 }, (_, i) => `a${i}: ok`).join(' ')
    expect((await accounts.user.gql(`{ ${fifteen} }`)).errors).toBeUndefined()
  })

  it('refuses an expensive query (nested lists multiply)', async () => {
    const res = await accounts.user.gql('{ a: listBlogPosts { comments { blogPost { comments { id author comment createdAt updatedAt } } } } }')
    expect(res.errors?.[0]?.message).toMatch(/^Query is too expensive \(cost \d+; the limit is 2000\)$/)
  })

  it('hides the schema from introspection in production', async () => {
    const res = await accounts.user.gql('{ __schema { types { name } } }')
    expect(res.errors?.[0]?.message).toBe('GraphQL introspection is disabled')
  })

  it('answers "Unauthorized" to a denied call and never sends a stack trace', async () => {
    const res = await accounts.user.gql('{ clients { Username } }')
    expect(res.errors).toEqual([{ message: 'Unauthorized', locations: [{ line: 1, column: 3 }], path: ['clients'], extensions: { code: 'UNAUTHORIZED' } }])
    // The error points at the field in a document of several lines, as written, whether the document
    // runs on the generic executor (its first executions) or compiled (once it is repeated).
    for (let run = 1; run <= 4; run++) {
      const multiline = await accounts.user.gql('query Clients {\n  me { userId }\n    clients { Username }\n}')
      expect({ run, errors: multiline.errors }).toEqual({
        run,
        errors: [{ message: 'Unauthorized', locations: [{ line: 3, column: 5 }], path: ['clients'], extensions: { code: 'UNAUTHORIZED' } }],
      })
    }
    const bad = await accounts.user.gql('mutation { createJobRequests(input: { priority: "9" }) { id } }')
    expect(bad.errors?.[0]).toMatchObject({ message: 'Priority must be 1 to 5', extensions: { code: 'BAD_REQUEST' } })
    expect(JSON.stringify(bad)).not.toMatch(/stack|at \w+ \(/)
  })
})

describe('GraphQL introspection when enabled by configuration', () => {
  const portal = portalServerForSuite({ GRAPHQL_INTROSPECTION: 'true' })

  it('answers __schema', async () => {
    const res = await fetch(`${portal.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }) })
    expect(await res.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } })
  })

  it('keeps graphql\'s "Did you mean" hints, which tell nothing introspection does not', async () => {
    const res = await fetch(`${portal.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ mee { userId } }' }) })
    expect((await res.json()).errors[0].message).toBe('Cannot query field "mee" on type "Query". Did you mean "me"?')
  })
})
