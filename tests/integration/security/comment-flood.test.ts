import { beforeAll, describe, expect, it } from 'vitest'
import { blogRules } from '../../../lib/blog/blog-rules'
import { signUpAndVerify } from '../portal/support/accounts'
import { HttpClient } from '../portal/support/http-client'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * Comments are public and each one may cost a moderator's time: one account cannot post more than
 * blogRules.commentsPerUser in a window, and a crowd of accounts from one address no more than
 * blogRules.commentsPerAddress, while a reader elsewhere still comments.
 */
describe('a flood of comments is stopped per account and per address', () => {
  const portal = portalServerForSuite({ ADMIN_EMAILS: 'mod@example.test' })
  let postId: string
  const accounts: HttpClient[] = []

  beforeAll(async () => {
    const admin = await signUpAndVerify(portal, 'mod@example.test')
    postId = (await admin.gql<{ createBlogPost: { id: string } }>('mutation { createBlogPost(input: { title: "Popular", content: "Text" }) { id } }')).data!.createBlogPost.id
    await admin.gql('mutation($id: ID!) { publishBlogPost(id: $id) { id } }', { id: postId })
    const needed = Math.ceil(blogRules.commentsPerAddress.limit / blogRules.commentsPerUser.limit) + 1
    for (let i = 0; i < needed; i++) accounts.push(await signUpAndVerify(portal, `bot${i}@example.test`))
  })

  const post = (client: HttpClient, text: string) => client.gql<{ createComment: { id: string } }>('mutation($p: ID!, $c: String!) { createComment(input: { blogPostId: $p, comment: $c }) { id } }', { p: postId, c: text })

  it('refuses an account past its limit, then every account of the address past the address’s, but not a reader elsewhere', async () => {
    const [first] = accounts
    for (let i = 0; i < blogRules.commentsPerUser.limit; i++) expect((await post(first!, `spam ${i}`)).errors).toBeUndefined()
    expect((await post(first!, 'spam again')).errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS')

    // Fresh accounts from the same address: accepted until the address has posted its share.
    let accepted = blogRules.commentsPerUser.limit
    let refusedFresh = false
    for (const account of accounts.slice(1)) {
      for (let i = 0; i < blogRules.commentsPerUser.limit; i++) {
        const r = await post(account, `more spam ${i}`)
        if (r.errors) {
          expect(r.errors[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS')
          refusedFresh = i === 0 || refusedFresh
          break
        }
        accepted += 1
      }
    }
    expect(accepted).toBe(blogRules.commentsPerAddress.limit)
    expect(refusedFresh).toBe(true)

    // Someone on another address is not held back by the flood.
    const elsewhere = await signUpAndVerify(portal, 'reader@example.test')
    const fromElsewhere = new HttpClient(portal.url, {}, { localAddress: '127.0.0.2' })
    for (const [name, value] of elsewhere.cookies) fromElsewhere.cookies.set(name, value)
    expect((await post(fromElsewhere, 'A real question')).errors).toBeUndefined()
  })
})
