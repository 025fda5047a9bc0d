import { describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * Text no field accepts (a NUL, a lone surrogate) is refused at the edge when it arrives as JSON; the
 * same characters written as escapes inside a GraphQL string literal (`"a\u0000b"`) reached the
 * database, which failed, and the client read "Unexpected error". They get the edge's plain 400.
 */
describe('a GraphQL string literal escapes text no field accepts', () => {
  const portal = portalServerForSuite()
  /** A guest's browser: the site's Origin and no cookie (a fresh one for each request, as none is kept). */
  const guest = () => new HttpClient(portal.url)

  it.each([
    ['a NUL in an argument', 'query { getBlogPost(id: "a\\u0000b") { id } }'],
    ['a NUL in an input field of a mutation', 'mutation { createContact(input: { name: "Ada\\u0000", email: "ada@example.com", message: "A message long enough." }) { id } }'],
    ['a NUL escaped with braces', 'query { getBlogPost(id: "a\\u{0}") { id } }'],
    ["a NUL in a variable's default value", 'query ($id: ID! = "x\\u0000") { getBlogPost(id: $id) { id } }'],
    ['a NUL in a block string', 'query { getBlogPost(id: """a\u0000b""") { id } }'],
  ])('%s is answered 400 with a plain message', async (_, query) => {
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const res = await guest().fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify({ query }) })
      expect(res.status).toBe(400)
      const answer = (await res.json()) as { errors: { message: string }[] }
      expect(answer.errors.map((e) => e.message)).toEqual(['Invalid characters in input'])
    }
  })

  it("a lone surrogate written as a plain escape is refused by GraphQL's parser with its fixed message", async () => {
    const res = await guest().fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: 'query { getBlogPost(id: "\\ud800") { id } }' }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual(['Invalid query'])
  })

  it('an escaped character that fields accept still works', async () => {
    const res = await guest().fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query { getBlogPost(id: "caf\\u00e9") { id } }' }),
    })
    const answer = (await res.json()) as { errors: { message: string }[] }
    expect(answer.errors.map((e) => e.message)).not.toContain('Invalid characters in input')
    expect(answer.errors.map((e) => e.message)).not.toContain('Unexpected error.')
  })
})
