import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { blogRules } from '../../../lib/blog/blog-rules'
import { COMMENT_TOO_LONG_MESSAGE } from '../../../lib/blog/comment-rules'
import { comments, outbox } from '../../../server/db/schema'
import type { OutboxWorker } from '../../../server/outbox/outbox-worker'
import { signUpAndVerify } from '../portal/support/accounts'
import { gqlData, HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PNG_1PX, tusUpload } from '../portal/support/tus-upload'

interface Post {
  id: string
  slug: string
  status: string
}

const POST_FIELDS = 'id slug status'

/**
 * The blog end to end over HTTP: drafts seen by admins only, publishing, addresses that stay, the
 * pages' tags, the feed and the sitemap; comments held for moderation or published at once, the
 * grouped notice to the consultancy, the edit window, the limits.
 */
describe('the blog', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'editor@example.test' }, { admin: 'editor@example.test', reader: 'reader@example.test', other: 'other-reader@example.test' })
  let guest: HttpClient

  beforeAll(async () => {
    guest = new HttpClient(portal.url)
    await accounts.reader.gql('mutation { updateProfile(input: { nickname: "Grace" }) { userId } }')
  })

  const createPost = async (input: Record<string, unknown>) =>
    (await gqlData<{ createBlogPost: Post }>(accounts.admin, `mutation($i: BlogPostInput!) { createBlogPost(input: $i) { ${POST_FIELDS} } }`, { i: input })).createBlogPost
  const publish = async (id: string) => (await gqlData<{ publishBlogPost: Post }>(accounts.admin, `mutation($id: ID!) { publishBlogPost(id: $id) { ${POST_FIELDS} publishedAt } }`, { id })).publishBlogPost
  const page = (client: HttpClient, path: string) => client.fetch(path)
  /** What a guest's page shows, once it does: guests share a rendering for up to a second. */
  const guestSees = (path: string, text: string, shown = true) =>
    expect.poll(async () => (await (await guest.fetch(path)).text()).includes(text), { timeout: 5000, interval: 250 }).toBe(shown)
  const comment = (client: HttpClient, postId: string, text: string) =>
    client.gql<{ createComment: { id: string; status: string } }>('mutation($p: ID!, $c: String!) { createComment(input: { blogPostId: $p, comment: $c }) { id status } }', { p: postId, c: text })
  const setHold = (hold: boolean) => gqlData(accounts.admin, 'mutation($h: Boolean!) { updateBlogSettings(input: { holdComments: $h }) { holdComments } }', { h: hold })

  it('keeps a draft to admins: not in the list, the page, the feed, the sitemap or the API for anyone else', async () => {
    const draft = await createPost({ title: 'Unreleased results', content: 'Secret numbers' })
    expect(draft).toMatchObject({ status: 'draft', slug: 'unreleased-results' })
    for (const client of [guest, accounts.reader]) {
      const r = await client.gql('query($id: ID!) { getBlogPost(id: $id) { id } }', { id: draft.id })
      expect(r.errors?.[0]?.message).toBe('Blog post not found')
      const list = await gqlData<{ listBlogPosts: Post[] }>(client, '{ listBlogPosts(includeDrafts: true) { id } }')
      expect(list.listBlogPosts.map((p) => p.id)).not.toContain(draft.id)
      expect((await page(client, '/blog/unreleased-results')).status).toBe(404)
      expect(await (await page(client, '/blog')).text()).not.toContain('Unreleased results')
    }
    expect(await (await page(guest, '/blog/feed.xml')).text()).not.toContain('Unreleased')
    expect(await (await page(guest, '/sitemap.xml')).text()).not.toContain('unreleased-results')
    // The admin sees it, marked as a draft and kept out of search engines.
    const adminView = await page(accounts.admin, '/blog/unreleased-results')
    expect(adminView.status).toBe(200)
    expect(await adminView.text()).toContain('<meta name="robots" content="noindex"/>')
  })

  it('publishes a post: listed newest first with its date, writer, summary and reading time; its page carries BlogPosting, Open Graph and a canonical address; the feed and the sitemap list it', async () => {
    await accounts.admin.gql('mutation { updateProfile(input: { given_name: "Ada", family_name: "Byron" }) { userId } }')
    const older = await createPost({ title: 'Meshing a silo', summary: 'How fine is fine enough.', content: 'Older text' })
    await publish(older.id)
    const post = await createPost({ title: 'Stress in a bracket', summary: 'A worked example of $\\sigma = F/A$.', content: `## Load\n\nThe stress is $\\sigma = F/A$.\n\n\`\`\`python\nprint("hi")\n\`\`\`\n\n${'word '.repeat(700)}` })
    const published = await publish(post.id)
    expect(published.status).toBe('published')

    await guestSees('/blog', 'Stress in a bracket')
    const list = await (await page(guest, '/blog')).text()
    expect(list.indexOf('Stress in a bracket')).toBeLessThan(list.indexOf('Meshing a silo'))
    expect(list).toContain('How fine is fine enough.')
    expect(list).toContain('Ada Byron')
    expect(list).toContain('3 min read')
    expect(list).toContain('"@type":"Blog"')

    // Absolute addresses are the site's public one (PUBLIC_URL).
    const base = portal.server.ctx.env.publicUrl
    const response = await page(guest, '/blog/stress-in-a-bracket')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<link rel="canonical" href="${base}/blog/stress-in-a-bracket"/>`)
    expect(html).toContain('<meta property="og:type" content="article"/>')
    expect(html).toContain(`<meta property="og:url" content="${base}/blog/stress-in-a-bracket"/>`)
    expect(html).toContain('<link rel="alternate" type="application/atom+xml"')
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')))
    const posting = ld.find((x) => x['@type'] === 'BlogPosting')
    expect(posting).toMatchObject({ headline: 'Stress in a bracket', author: { name: 'Ada Byron' }, url: `${base}/blog/stress-in-a-bracket` })
    // Its text: a section heading, highlighted code and typeset maths.
    expect(html).toContain('<h2 id="load">Load</h2>')
    expect(html).toContain('<span class="hljs-built_in">print</span>')
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">')

    const feed = await page(guest, '/blog/feed.xml')
    expect(feed.headers.get('content-type')).toContain('application/atom+xml')
    const atom = await feed.text()
    expect(atom).toContain(`<link rel="alternate" type="text/html" href="${base}/blog/stress-in-a-bracket"/>`)
    expect(atom).toContain('<title>Stress in a bracket</title>')
    const sitemap = await (await page(guest, '/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${base}/blog/stress-in-a-bracket</loc>`)
    expect(sitemap).toContain(`<loc>${base}/blog</loc>`)
  })

  it('keeps a post’s address when its title changes: the old one redirects, and no other post may take it', async () => {
    const post = await createPost({ title: 'First thoughts on CFD', content: 'Text' })
    await publish(post.id)
    const edited = await gqlData<{ updateBlogPost: Post }>(accounts.admin, `mutation($id: ID!) { updateBlogPost(id: $id, input: { title: "Second thoughts on CFD", slug: "" }) { ${POST_FIELDS} } }`, {
      id: post.id,
    })
    expect(edited.updateBlogPost.slug).toBe('second-thoughts-on-cfd')
    const old = await page(guest, '/blog/first-thoughts-on-cfd')
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe('/blog/second-thoughts-on-cfd')
    expect((await page(guest, '/blog/second-thoughts-on-cfd')).status).toBe(200)
    // The old address is not free for another post, whether typed or made from the same title.
    const taken = await accounts.admin.gql('mutation { createBlogPost(input: { title: "X", slug: "first-thoughts-on-cfd" }) { id } }')
    expect(taken.errors?.[0]?.message).toBe('This address was another post’s and still leads to it')
    const again = await createPost({ title: 'First thoughts on CFD', content: 'Another' })
    expect(again.slug).toBe('first-thoughts-on-cfd-2')
    const clash = await accounts.admin.gql('mutation { createBlogPost(input: { title: "Y", slug: "second-thoughts-on-cfd" }) { id } }')
    expect(clash.errors?.[0]?.message).toBe('Another post has this address')
  })

  it('holds a comment for moderation, tells the consultancy once for several, and shows it to everyone once approved', async () => {
    await setHold(true)
    const post = await createPost({ title: 'Held comments', content: 'Text' })
    await publish(post.id)
    const first = (await comment(accounts.reader, post.id, 'Does this hold for aluminium?')).data!.createComment
    const second = (await comment(accounts.other, post.id, 'And for steel?')).data!.createComment
    expect([first.status, second.status]).toEqual(['pending', 'pending'])

    const guestHtml = await (await page(guest, '/blog/held-comments')).text()
    expect(guestHtml).not.toContain('aluminium')
    const readerHtml = await (await page(accounts.reader, '/blog/held-comments')).text()
    expect(readerHtml).toContain('Does this hold for aluminium?')
    expect(readerHtml).toContain('Waiting for approval: only you and the moderators see it')
    expect(readerHtml).not.toContain('And for steel?')

    // One notice per admin for the two comments, waiting for its window to end, with the count.
    const db = portal.server.ctx.db
    const notices = await db.select().from(outbox).where(eq(outbox.kind, `comments-waiting:${post.id}`))
    expect(notices).toHaveLength(1)
    expect(notices[0]!.payload).toMatchObject({ to: 'editor@example.test', subject: 'Comments waiting for approval: “Held comments”' })
    expect((notices[0]!.payload as { text: string }).text).toContain('2 comments wait for your approval on “Held comments”.')
    expect(notices[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + blogRules.moderationMailWindowMs - 60_000)
    // The window ends (moved forward here rather than waited for): one mail leaves.
    const before = portal.mailsTo('editor@example.test')
    await db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, notices[0]!.id))
    ;(portal.server.ctx.services.outboxWorker as OutboxWorker).wake()
    await expect.poll(() => portal.mailsTo('editor@example.test'), { timeout: 10_000 }).toBe(before + 1)
    const mail = portal.smtp.mails.filter((m) => m.to.includes('editor@example.test')).at(-1)!
    expect(mail.raw).toContain('2 comments wait for your approval')
    // A comment after the mail left starts a new window.
    await comment(accounts.reader, post.id, 'One more thing')
    expect(await db.select().from(outbox).where(eq(outbox.kind, `comments-waiting:${post.id}`))).toHaveLength(2)

    await gqlData(accounts.admin, 'mutation($id: ID!) { moderateComment(id: $id, decision: "approve") { id } }', { id: first.id })
    await guestSees('/blog/held-comments', 'Does this hold for aluminium?')
    const approved = await (await page(guest, '/blog/held-comments')).text()
    expect(approved).toContain('Grace')
    expect(approved).not.toContain('reader@example.test')
    await gqlData(accounts.admin, 'mutation($id: ID!) { moderateComment(id: $id, decision: "hide") { id } }', { id: first.id })
    await guestSees('/blog/held-comments', 'aluminium', false)
  })

  it('publishes comments at once when the consultancy chooses so', async () => {
    await setHold(false)
    try {
      const post = await createPost({ title: 'Open comments', content: 'Text' })
      await publish(post.id)
      expect((await comment(accounts.reader, post.id, 'Straight in')).data!.createComment.status).toBe('published')
      await guestSees('/blog/open-comments', 'Straight in')
      expect(await portal.server.ctx.db.select().from(outbox).where(eq(outbox.kind, `comments-waiting:${post.id}`))).toHaveLength(0)
    } finally {
      await setHold(true)
    }
  })

  it('lets a commenter edit or delete their own comment within the window, and nobody else’s', async () => {
    const post = await createPost({ title: 'Edit window', content: 'Text' })
    await publish(post.id)
    const mine = (await comment(accounts.reader, post.id, 'Frist')).data!.createComment
    await gqlData(accounts.admin, 'mutation($id: ID!) { moderateComment(id: $id, decision: "approve") { id } }', { id: mine.id })
    const edit = (client: HttpClient, id: string, text: string) => client.gql('mutation($id: ID!, $c: String!) { updateComment(id: $id, input: { comment: $c }) { comment editedAt } }', { id, c: text })
    expect((await edit(accounts.other, mine.id, 'Hijacked')).errors?.[0]?.message).toBe('Unauthorized')
    expect((await edit(accounts.admin, mine.id, 'Rewritten by the company')).errors?.[0]?.message).toBe('Unauthorized')
    const fixed = await edit(accounts.reader, mine.id, 'First')
    expect(fixed.data).toMatchObject({ updateComment: { comment: 'First' } })
    // Changed after approval, it waits for approval again.
    expect((await gqlData<{ getComment: { status: string } }>(accounts.reader, 'query($id: ID!) { getComment(id: $id) { status } }', { id: mine.id })).getComment.status).toBe('pending')
    expect((fixed.data as { updateComment: { editedAt: string } }).updateComment.editedAt).not.toBeNull()
    // Past the window (its time moved back here): no more changes.
    await portal.server.ctx.db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - blogRules.commentEditWindowMs - 1000) })
      .where(eq(comments.id, mine.id))
    expect((await edit(accounts.reader, mine.id, 'Later')).errors?.[0]?.message).toBe('Comments can be changed for 15 minutes after they are posted')
    expect((await accounts.reader.gql('mutation($id: ID!) { deleteComment(input: { id: $id }) { id } }', { id: mine.id })).errors?.[0]?.message).toBe(
      'Comments can be changed for 15 minutes after they are posted',
    )
    // The consultancy still removes it.
    expect((await accounts.admin.gql('mutation($id: ID!) { deleteComment(input: { id: $id }) { id } }', { id: mine.id })).errors).toBeUndefined()
  })

  it('refuses a comment that is empty or too long, at its field, in the words the form uses', async () => {
    const post = await createPost({ title: 'Limits', content: 'Text' })
    await publish(post.id)
    const empty = await comment(accounts.reader, post.id, '   ')
    expect(empty.errors?.[0]?.message).toBe('Please write a comment')
    const long = await comment(accounts.reader, post.id, 'x'.repeat(blogRules.commentMax + 1))
    expect(long.errors?.[0]?.message).toBe(COMMENT_TOO_LONG_MESSAGE)
    // The post page's form answers at the field.
    const res = await accounts.reader.fetch('/blog/limits', { method: 'POST', body: new URLSearchParams({ intent: 'comment', comment: '' }) })
    expect(res.status).toBe(400)
    // A draft takes no comments.
    const draft = await createPost({ title: 'No comments yet', content: 'Text' })
    expect((await comment(accounts.reader, draft.id, 'Hello')).errors?.[0]?.message).toBe('Blog post not found')
  })

  it('stores an uploaded picture with its size and shows it lazily, sized, with its description', async () => {
    const post = await createPost({ title: 'Pictures', content: 'Text' })
    const upload = await tusUpload(accounts.admin, PNG_1PX, { filename: 'dot.png', filetype: 'image/png', kind: 'blog-images', blogPostId: post.id })
    expect(upload).toMatchObject({ status: 204, path: `blog-images/${post.id}/dot.png` })
    // Not for a client, nor into a post that does not exist.
    expect((await tusUpload(accounts.reader, PNG_1PX, { filename: 'x.png', filetype: 'image/png', kind: 'blog-images', blogPostId: post.id })).status).toBe(403)
    // Alt text is required; a picture from elsewhere is refused.
    const noAlt = await accounts.admin.gql('mutation($id: ID!, $c: String!) { updateBlogPost(id: $id, input: { content: $c }) { id } }', { id: post.id, c: `![](/files/${upload.path})` })
    expect(noAlt.errors?.[0]?.message).toMatch(/^Every image needs a description/)
    const elsewhere = await accounts.admin.gql('mutation($id: ID!) { updateBlogPost(id: $id, input: { content: "![A dot](https://elsewhere.example/dot.png)" }) { id } }', { id: post.id })
    expect(elsewhere.errors?.[0]?.message).toBe('Images must be uploaded with the "Add image" button')
    await gqlData(accounts.admin, 'mutation($id: ID!, $c: String!) { updateBlogPost(id: $id, input: { content: $c }) { id } }', { id: post.id, c: `Look:\n\n![A single red dot](/files/${upload.path})` })
    // A draft's picture is the admins' alone.
    expect((await guest.fetch(`/files/${upload.path}`)).status).toBe(401)
    await publish(post.id)
    expect((await guest.fetch(`/files/${upload.path}`)).status).toBe(200)
    const html = await (await page(guest, '/blog/pictures')).text()
    expect(html).toContain(`<img src="/files/${upload.path}" alt="A single red dot" width="1" height="1" loading="lazy" decoding="async">`)
    // Shared, the post shows its picture.
    expect(html).toContain(`<meta property="og:image" content="${portal.server.ctx.env.publicUrl}/files/${upload.path}"/>`)
  })

  it('pages the list, ten posts a page, newest first', async () => {
    for (let i = 0; i < blogRules.postsPerPage + 1; i++) await publish((await createPost({ title: `Note ${i}`, content: 'Short' })).id)
    await guestSees('/blog', 'Note 10')
    const first = await (await page(guest, '/blog')).text()
    expect(first).not.toContain('>Note 0<')
    expect(first).toContain('rel="next"')
    const second = await page(guest, '/blog?page=2')
    expect(second.status).toBe(200)
    const html = await second.text()
    expect(html).toContain('>Note 0<')
    expect(html).toContain(`<link rel="canonical" href="${portal.server.ctx.env.publicUrl}/blog?page=2"/>`)
    expect((await page(guest, '/blog?page=99')).status).toBe(404)
    expect((await page(guest, '/blog?page=x')).status).toBe(404)
  })

  it('limits comments per account and per address', async () => {
    await setHold(false)
    try {
      const post = await createPost({ title: 'Busy thread', content: 'Text' })
      await publish(post.id)
      const commenter = await signUpAndVerify(portal, 'chatty@example.test')
      for (let i = 0; i < blogRules.commentsPerUser.limit; i++) expect((await comment(commenter, post.id, `Comment ${i}`)).errors).toBeUndefined()
      const refused = await comment(commenter, post.id, 'One too many')
      expect(refused.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS')
      expect(refused.errors?.[0]?.message).toMatch(/^You have posted several comments in a short time/)
      // The post page's action says when to try again.
      const form = await commenter.fetch('/blog/busy-thread', { method: 'POST', body: new URLSearchParams({ intent: 'comment', comment: 'Again' }) })
      expect(form.status).toBe(429)
      expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await setHold(true)
    }
  })
})
