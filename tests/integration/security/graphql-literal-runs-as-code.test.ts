import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * A query compiler that writes a document's literal arguments into the JavaScript it generates turned
 * any string starting with its date marker into `new Date(<the rest>)`, run by `new Function`: a guest
 * ran code in the server by sending a query three times. Every place a literal can sit in a document
 * (an argument, an input object's field, a list item, a variable's default value), in a query and in a
 * mutation the guest is refused, is sent ten times: nothing may run.
 */
const DATE_MARKER = '__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74d'

describe('a guest sends GraphQL literals made to run as code', () => {
  const portal = portalServerForSuite()
  let guest: HttpClient
  let proofDir: string
  beforeAll(async () => {
    guest = new HttpClient(portal.url)
    proofDir = portal.dataDir
  })
  afterAll(async () => {
    delete (globalThis as Record<string, unknown>).__graphqlLiteralRan
  })

  /**
   * An expression that, if it is ever evaluated, counts itself on the server's global object (the
   * test server runs in this process) and writes a file into DATA_DIR. No double quote: a string
   * literal of GraphQL holds it as it is.
   */
  const payload = (name: string) => {
    const file = path.join(proofDir, `proof-${name}.txt`)
    return `${DATE_MARKER}0+(()=>{globalThis.__graphqlLiteralRan=(globalThis.__graphqlLiteralRan||0)+1;process.getBuiltinModule('fs').writeFileSync('${file}','x');return 0})()`
  }

  const documents: Record<string, (p: string) => { query: string; variables?: Record<string, unknown> }> = {
    'an argument of a query': (p) => ({ query: `query { getBlogPost(id: "${p}") { id } }` }),
    'an input object field of a refused mutation': (p) => ({
      query: `mutation { createBlogPost(input: { title: "${p}", content: "x" }) { id } }`,
    }),
    'a list item of a refused mutation': (p) => ({
      query: `mutation { postJobMessage(jobId: "00000000-0000-4000-8000-000000000000", body: "x", files: ["${p}"]) { id } }`,
    }),
    "a variable's default value": (p) => ({ query: `query ($id: ID! = "${p}") { getBlogPost(id: $id) { id } }` }),
    'a variable (sent apart from the document)': (p) => ({ query: 'query ($id: ID!) { getBlogPost(id: $id) { id } }', variables: { id: p } }),
  }

  for (const [where, document] of Object.entries(documents)) {
    it(`runs nothing from ${where}, sent ten times`, async () => {
      const name = where.replace(/\W+/g, '-')
      const body = JSON.stringify(document(payload(name)))
      const ran = () => ((globalThis as Record<string, unknown>).__graphqlLiteralRan as number | undefined) ?? 0
      const ranBefore = ran()
      for (let i = 0; i < 10; i++) {
        const res = await guest.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        const answer = (await res.json()) as { errors?: { message: string }[] }
        // Refused or not found, as any guest's request for these would be; never a result of the code.
        expect(answer.errors?.length ?? 0).toBeGreaterThan(0)
      }
      expect(ran() - ranBefore).toBe(0)
      expect(existsSync(path.join(proofDir, `proof-${name}.txt`))).toBe(false)
    })
  }
})
