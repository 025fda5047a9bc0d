import { beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PNG_1PX, tusUpload } from '../portal/support/tus-upload'

/**
 * A draft is the consultancy's until it publishes it: a client or a guest who knows (or guesses) its
 * id, address, picture or comment learns nothing of it, by any route; and a post taken back to draft
 * disappears again.
 */
describe('a draft post is read by no one but admins', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'boss@example.test' }, { admin: 'boss@example.test', client: 'curious@example.test' })
  let draftId: string
  let picture: string
  let commentId: string

  beforeAll(async () => {
    await accounts.admin.gql('mutation { updateBlogSettings(input: { holdComments: false }) { holdComments } }')
    draftId = (await accounts.admin.gql<{ createBlogPost: { id: string } }>('mutation { createBlogPost(input: { title: "Embargoed", content: "Numbers" }) { id } }')).data!.createBlogPost.id
    picture = (await tusUpload(accounts.admin, PNG_1PX, { filename: 'plot.png', filetype: 'image/png', kind: 'blog-images', blogPostId: draftId })).path!
    // Published once, commented on, then taken back to draft.
    await accounts.admin.gql('mutation($id: ID!) { publishBlogPost(id: $id) { id } }', { id: draftId })
    commentId = (await accounts.client.gql<{ createComment: { id: string } }>('mutation($p: ID!) { createComment(input: { blogPostId: $p, comment: "Seen it" }) { id } }', { p: draftId })).data!.createComment.id
    await accounts.admin.gql('mutation($id: ID!) { unpublishBlogPost(id: $id) { id } }', { id: draftId })
  })

  it('answers "not found" or "unauthorized" everywhere a client or a guest could look', async () => {
    for (const reader of [accounts.client, new HttpClient(portal.url)]) {
      const api = await reader.gql('query($id: ID!) { getBlogPost(id: $id) { id } }', { id: draftId })
      expect(api.errors?.[0]?.message).toBe('Blog post not found')
      expect((await reader.gql('query($c: ID!) { getComment(id: $c) { id } }', { c: commentId })).errors?.[0]?.message).toBe('Comment not found')
      const lists = await reader.gql<{ listBlogPosts: { id: string }[]; listComments: { id: string }[] }>('{ listBlogPosts(includeDrafts: true) { id } listComments { id } }')
      expect(lists.data!.listBlogPosts.map((p) => p.id)).not.toContain(draftId)
      expect(lists.data!.listComments.map((c) => c.id)).not.toContain(commentId)
      // The list is read as it is after the unpublishing (a guest's page may be a second old).
      await expect.poll(async () => (await (await reader.fetch('/blog/embargoed')).status), { timeout: 5000 }).toBe(404)
      expect(await (await reader.fetch('/blog/feed.xml')).text()).not.toContain('Embargoed')
      expect(await (await reader.fetch('/sitemap.xml')).text()).not.toContain('embargoed')
      expect([401, 403]).toContain((await reader.fetch(`/files/${picture}`)).status)
      expect((await reader.gql('mutation($c: ID!) { updateComment(id: $c, input: { comment: "x" }) { id } }', { c: commentId })).errors?.[0]?.message).toMatch(/Comment not found|Unauthorized/)
      const listing = await reader.gql('query($p: String!) { files(prefix: $p) { path } }', { p: `blog-images/${draftId}/` })
      expect(listing.errors?.[0]?.message).toBe('Unauthorized')
    }
    // The admin still has all of it.
    expect((await accounts.admin.fetch('/blog/embargoed')).status).toBe(200)
    expect((await accounts.admin.fetch(`/files/${picture}`)).status).toBe(200)
  })
})
