import { beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

type GraphqlAnswer = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }

describe('GraphQL abuse (production mode, introspection off)', () => {
  const portal = portalServerForSuite()
  let guest: HttpClient
  beforeAll(async () => {
    guest = new HttpClient(portal.url)
  })

  /** As a GraphQL-over-HTTP client asks (an error of the request answers 4xx, not 200). */
  async function post(body: string) {
    const res = await guest.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' }, body })
    return { status: res.status, text: await res.text() }
  }

  it('refuses a body over 100 KB with 413 before parsing it', async () => {
    const padding = 'x'.repeat(100 * 1024)
    const res = await post(JSON.stringify({ query: '{ me { userId } }', variables: { padding } }))
    expect(res.status).toBe(413)
    expect((JSON.parse(res.text) as GraphqlAnswer).errors?.[0]?.message).toBe('Request body too large')
  })

  it('stops parsing a document of more than 2000 tokens with a clean error', async () => {
    const query = `{ ${'__typename '.repeat(2500)}}`
    const res = await post(JSON.stringify({ query }))
    expect(res.status).toBe(400)
    const answer = JSON.parse(res.text) as GraphqlAnswer
    expect(answer.errors).toEqual([{ message: 'Query is too large (the limit is 2000 tokens)', extensions: { code: 'QUERY_TOO_LARGE' } }])
  })

  it('answers a syntax error with a fixed message, echoing nothing of the parser or the document', async () => {
    for (const query of ['{ me { userId }', 'query { me(id: "unterminated) { userId } }', 'mutation { createContact(input: {name: "a"}) { id } } }}}']) {
      const res = await post(JSON.stringify({ query }))
      expect(res.status).toBe(400)
      expect(JSON.parse(res.text)).toEqual({ errors: [{ message: 'Invalid query', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] })
      expect(res.text).not.toMatch(/Syntax Error|Expected|unterminated|locations/i)
    }
  })

  it('suggests no field, argument, type or input field names ("Did you mean …?")', async () => {
    const field = JSON.parse((await post(JSON.stringify({ query: '{ mee { userId } }' }))).text) as GraphqlAnswer
    expect(field.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query".')
    const argument = JSON.parse((await post(JSON.stringify({ query: '{ listBlogPosts(limt: 1) { id } }' }))).text) as GraphqlAnswer
    expect(argument.errors?.[0]?.message).toBe('Unknown argument "limt" on field "Query.listBlogPosts".')
    const type = JSON.parse((await post(JSON.stringify({ query: 'query ($i: CreateContactInpt!) { me { userId } }' }))).text) as GraphqlAnswer
    expect(type.errors?.map((e) => e.message)).toContain('Unknown type "CreateContactInpt".')
    const variables = JSON.parse(
      (
        await post(
          JSON.stringify({
            query: 'mutation ($input: CreateContactInput!) { createContact(input: $input) { id } }',
            variables: { input: { nam: 'Ada Lovelace', email: 'ada@example.com', message: 'A message long enough.' } },
          }),
        )
      ).text,
    ) as GraphqlAnswer
    const messages = variables.errors?.map((e) => e.message) ?? []
    expect(messages.length).toBeGreaterThan(0)
    for (const answer of [field, argument, type, variables]) expect(JSON.stringify(answer)).not.toMatch(/Did you mean/)
  })
})
