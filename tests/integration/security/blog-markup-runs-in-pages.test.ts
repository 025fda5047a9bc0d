import { beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'

/**
 * A post's Markdown and a comment's text reach every visitor's page. Nothing in them may become
 * markup beyond what Markdown allows: no script, no event handler, no javascript: link, no frame, no
 * style, in the post page, the list, the feed or the editor's preview, however it is written (raw
 * HTML, a link, an image, TeX). Comments are plain text: only http(s) addresses become links, marked
 * nofollow ugc.
 */
describe('markup written in a post or a comment never runs in the site’s pages', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'owner@example.test' }, { admin: 'owner@example.test', commenter: 'visitor@example.test' })
  const guest = () => new HttpClient(portal.url)
  let postId: string

  const attack = [
    '<script>alert("post")</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="javascript:alert(1)">raw link</a>',
    '[md link](javascript:alert(1))',
    '[entity link](jav&#x61;script:alert(1))',
    '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<style>body{display:none}</style>',
    '$\\href{javascript:alert(1)}{maths link}$',
    '$$\n\\htmlClass{x}{\\text{y}}\n$$',
    '```html\n<script>alert("code")</script>\n```',
  ].join('\n\n')

  beforeAll(async () => {
    await accounts.admin.gql('mutation { updateBlogSettings(input: { holdComments: false }) { holdComments } }')
    const created = await accounts.admin.gql<{ createBlogPost: { id: string } }>('mutation($c: String!) { createBlogPost(input: { title: "Injection", summary: "<b>bold</b>", content: $c }) { id } }', { c: attack })
    postId = created.data!.createBlogPost.id
    await accounts.admin.gql('mutation($id: ID!) { publishBlogPost(id: $id) { id } }', { id: postId })
    await accounts.commenter.gql('mutation($p: ID!, $c: String!) { createComment(input: { blogPostId: $p, comment: $c }) { id } }', {
      p: postId,
      c: '<script>alert("comment")</script> <img src=x onerror=alert(2)> javascript:alert(3) see https://example.org/page.',
    })
  })

  /** The page's own HTML with the route data's script (which carries the same text as JSON) left out. */
  const markupOf = (html: string) => html.replace(/<script[^>]*>window\.__reactRouterContext[\s\S]*?<\/script>/g, '')

  function expectInert(html: string) {
    const body = markupOf(html)
    expect(body).not.toMatch(/<script>alert/)
    expect(body).not.toMatch(/<img[^>]*onerror/i)
    expect(body).not.toMatch(/<iframe/i)
    expect(body).not.toMatch(/<style>body/i)
    expect(body).not.toMatch(/href="\s*(javascript|data|vbscript):/i)
    expect(body).not.toMatch(/href="jav&amp;#x61;script/i)
  }

  it('shows the post’s raw HTML as text and drops dangerous link targets, on the page, the list and the feed', async () => {
    const page = await guest().fetch('/blog/injection')
    expect(page.status).toBe(200)
    const html = await page.text()
    expectInert(html)
    expect(html).toContain('&lt;script&gt;alert(“post”)&lt;/script&gt;')
    expect(html).toContain('[md link](javascript:alert(1))')
    expectInert(await (await guest().fetch('/blog')).text())
    const feed = await (await guest().fetch('/blog/feed.xml')).text()
    // In the feed the text is escaped once more, as the content of an XML element: never a live element.
    expect(feed).not.toMatch(/<script/i)
    expect(feed).not.toContain('href=&quot;javascript:')
  })

  it('shows a comment as text, with only its web address as a nofollow ugc link', async () => {
    const html = markupOf(await (await guest().fetch('/blog/injection')).text())
    expectInert(html)
    expect(html).toContain('&lt;script&gt;alert(&quot;comment&quot;)&lt;/script&gt;')
    expect(html).toContain('<a href="https://example.org/page" rel="nofollow ugc noopener noreferrer"')
    expect(html).not.toContain('href="javascript:alert(3)"')
  })

  it('renders the editor’s preview with the same rules', async () => {
    const preview = await accounts.admin.gql<{ previewBlogPost: string }>('query($c: String!) { previewBlogPost(content: $c) }', { c: attack })
    expectInert(preview.data!.previewBlogPost)
    expect((await accounts.commenter.gql('query($c: String!) { previewBlogPost(content: $c) }', { c: 'x' })).errors?.[0]?.message).toBe('Unauthorized')
  })
})
