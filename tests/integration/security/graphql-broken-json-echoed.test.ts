import { describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * A body that is not JSON is answered with one fixed message: nothing of the body (which a page
 * could make a victim's browser send) or of the JSON parser's words comes back.
 */
describe('a broken JSON body sent to /graphql', () => {
  const portal = portalServerForSuite()
  /** A guest's browser: the site's Origin and no cookie (a fresh one for each request, as none is kept). */
  const guest = () => new HttpClient(portal.url)

  it.each([
    '{"query": "{ me { userId } }", <script>alert(1)</script>',
    '<svg onload=alert(1)>',
    '{"query": "abc',
    '',
    '[1, 2',
  ])('%j gets a fixed message that echoes nothing', async (body) => {
    for (const accept of [undefined, 'application/graphql-response+json']) {
      const res = await guest().fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) }, body })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ errors: [{ message: 'Invalid JSON body', extensions: { code: 'BAD_REQUEST' } }] })
      if (body.length > 2) expect(text).not.toContain(body.slice(2, 12))
      expect(text).not.toMatch(/Unexpected|position|token/i)
    }
  })
})
