import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { blogPage } from '../../../content/blog'
import { greyPng } from '../../fixtures/png'
import { browserSuite } from '../../setup/browser-suite'
import { seedUser, signInContext, type SeededUser } from '../dashboard/seed'
import { expectNoAxeViolations, queryServerDatabase } from '../public/support'
import { eventually } from '../shell/shell-helpers'

/** Once every control on the page carries React's handlers (the public pages start React after their first paint). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const controls = document.querySelectorAll('main button, main input, main textarea')
    return controls.length > 0 && [...controls].every((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))
  })
}

/**
 * The blog as its people use it: the consultancy writes and publishes a post with a picture and an
 * equation; a guest reads it and finds it in the feed and the sitemap; a client comments; moderation
 * hides and approves; a second client cannot edit the comment; a draft stays invisible.
 */
describe('the blog', () => {
  const suite = browserSuite()
  const run = Date.now().toString(36)
  const title = `Stress in a cantilever ${run}`
  const slug = `stress-in-a-cantilever-${run}`
  const commentText = `Does this hold for aluminium? See https://example.org/al-${run}`
  let admin: SeededUser
  let client: SeededUser

  async function pageAs(user: SeededUser | null, path: string) {
    const { page, context } = await suite.newPage()
    if (user) await signInContext(context, suite.server.url, user)
    await page.goto(suite.server.url + path)
    return page
  }

  /** What a guest is served (guests share one rendering for up to a second). */
  const guestHtml = async (page: Page, path: string) => (await page.request.get(suite.server.url + path, { headers: { cookie: '' } })).text()

  it('an admin writes a post in Markdown with a live preview, a picture and an equation, and publishes it', async () => {
    admin = await seedUser(suite.server, `editor-${run}@example.test`, { admin: true })
    const page = await pageAs(admin, '/profile/blog')
    await hydrated(page)
    await page.getByLabel('Title').fill(title)
    await page.getByRole('button', { name: 'Start a draft' }).click()
    await page.waitForURL(/\/profile\/blog\/[0-9a-f-]{36}$/)
    await hydrated(page)
    expect(await page.getByLabel('Address').inputValue()).toBe(slug)

    const text = page.getByLabel('Text (Markdown)')
    await text.fill('## Bending\n\nThe peak stress is $\\sigma = \\frac{M y}{I}$, checked with:\n\n```python\ndef stress(M, y, I):\n    return M * y / I\n```\n')
    // The preview is the server's own rendering: maths typeset, code highlighted.
    const preview = page.getByTestId('preview')
    await eventually(() => preview.locator('.katex').count()).toBeGreaterThan(0)
    await eventually(() => preview.locator('code .hljs-keyword').count()).toBeGreaterThan(0)

    // A picture needs its description first.
    await page.getByRole('button', { name: 'Choose picture' }).click()
    await expect.poll(() => page.getByText('Describe the picture first').count()).toBe(1)
    await page.getByLabel('Picture description (alt text)').fill('A cantilever bending under a tip load')
    await page.getByLabel('Picture file').setInputFiles({ name: 'cantilever.png', mimeType: 'image/png', buffer: greyPng(64, 48) })
    await eventually(() => text.inputValue()).toContain('![A cantilever bending under a tip load](/files/blog-images/')
    await eventually(() => preview.locator('img[alt="A cantilever bending under a tip load"]').getAttribute('width')).toBe('64')

    // A bad field is answered at the field.
    await page.getByLabel('Title').fill('')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await eventually(() => page.getByText('Please enter a title').count()).toBe(1)
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Address').fill(slug)
    await page.getByLabel('Summary').fill('Beam theory against a finite element model, with the numbers.')
    await page.getByRole('button', { name: 'Publish' }).click()
    await eventually(() => page.getByRole('status').filter({ hasText: 'Published' }).count()).toBe(1)
    await expectNoAxeViolations(page)
  })

  it('a guest reads it from the list, sized lazy picture and typeset maths included, and finds it in the feed and the sitemap', async () => {
    const page = await pageAs(null, '/blog')
    await eventually(async () => {
      await page.reload()
      return page.getByRole('link', { name: title }).count()
    }).toBe(1)
    await page.getByRole('link', { name: title }).click()
    await page.waitForURL(`**/blog/${slug}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title)
    const picture = page.locator('[data-testid="post-body"] img')
    expect(await picture.getAttribute('alt')).toBe('A cantilever bending under a tip load')
    expect(await picture.getAttribute('loading')).toBe('lazy')
    expect([await picture.getAttribute('width'), await picture.getAttribute('height')]).toEqual(['64', '48'])
    expect(await page.locator('[data-testid="post-body"] .katex').count()).toBeGreaterThan(0)
    // The maths is styled: KaTeX's stylesheet is linked for this post.
    expect(await page.locator('link[rel="stylesheet"][href*="katex"]').count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Bending' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: blogPage.comments.signIn }).count()).toBe(1)
    await expectNoAxeViolations(page)

    const feedHref = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')
    const feed = await (await page.request.get(suite.server.url + feedHref)).text()
    expect(feed).toContain(`<title>${title}</title>`)
    expect(await (await page.request.get(`${suite.server.url}/sitemap.xml`)).text()).toContain(`/blog/${slug}</loc>`)
  })

  it('a client comments; the comment waits for moderation; the admin approves it, hides it and approves it again', async () => {
    client = await seedUser(suite.server, `client-${run}@example.test`)
    const page = await pageAs(client, `/blog/${slug}`)
    await hydrated(page)
    const field = page.getByLabel(blogPage.comments.label)
    await page.getByRole('button', { name: blogPage.comments.submit }).click()
    await eventually(() => page.getByRole('alert').filter({ hasText: 'Please write a comment' }).count()).toBe(1)
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    await field.fill(commentText)
    await page.getByRole('button', { name: blogPage.comments.submit }).click()
    await eventually(() => page.getByRole('status').filter({ hasText: blogPage.comments.held }).count()).toBe(1)
    const mine = page.getByTestId('comment').filter({ hasText: 'Does this hold for aluminium?' })
    await eventually(() => mine.getByText(blogPage.comments.pendingBadge).count()).toBe(1)
    expect(await guestHtml(page, `/blog/${slug}`)).not.toContain('Does this hold for aluminium?')

    const moderator = await pageAs(admin, `/blog/${slug}`)
    await hydrated(moderator)
    const entry = moderator.getByTestId('comment').filter({ hasText: 'Does this hold for aluminium?' })
    await entry.getByRole('button', { name: 'Approve' }).click()
    await eventually(() => entry.getAttribute('data-comment-status')).toBe('published')
    await eventually(async () => (await guestHtml(moderator, `/blog/${slug}`)).includes('Does this hold for aluminium?')).toBe(true)
    await entry.getByRole('button', { name: 'Hide' }).click()
    await eventually(() => entry.getAttribute('data-comment-status')).toBe('hidden')
    await eventually(async () => (await guestHtml(moderator, `/blog/${slug}`)).includes('Does this hold for aluminium?')).toBe(false)
    await entry.getByRole('button', { name: 'Approve' }).click()
    await eventually(() => entry.getAttribute('data-comment-status')).toBe('published')

    // What a guest sees: the commenter's display name and time, a link that passes nothing on, no email.
    const guest = await pageAs(null, `/blog/${slug}`)
    await eventually(async () => {
      await guest.reload()
      return guest.getByTestId('comment').count()
    }).toBe(1)
    const shown = guest.getByTestId('comment')
    expect(await shown.innerText()).not.toContain('@example.test')
    expect(await shown.locator('time').count()).toBe(1)
    expect(await shown.getByRole('link').getAttribute('rel')).toBe('nofollow ugc noopener noreferrer')
  })

  it('a second client cannot edit or delete the first one’s comment; its author can, within the window', async () => {
    const second = await seedUser(suite.server, `second-${run}@example.test`)
    const page = await pageAs(second, `/blog/${slug}`)
    await hydrated(page)
    const entry = page.getByTestId('comment').filter({ hasText: 'Does this hold for aluminium?' })
    expect(await entry.getByRole('button', { name: 'Edit' }).count()).toBe(0)
    expect(await entry.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    // Sent by hand instead, the change is refused and nothing changes.
    const [{ id }] = await queryServerDatabase<{ id: string }>(suite.server, 'SELECT id FROM comment WHERE comment = $1', [commentText])
    const refused = await page.request.post(`${suite.server.url}/blog/${slug}`, { form: { intent: 'edit-comment', id: id!, comment: 'Hijacked' }, headers: { origin: suite.server.url } })
    expect(refused.status()).toBe(403)
    expect((await queryServerDatabase<{ comment: string }>(suite.server, 'SELECT comment FROM comment WHERE id = $1', [id]))[0]!.comment).toBe(commentText)

    const author = await pageAs(client, `/blog/${slug}`)
    await hydrated(author)
    const own = author.getByTestId('comment').filter({ hasText: 'Does this hold for aluminium' })
    await own.getByRole('button', { name: 'Edit' }).click()
    await own.getByLabel('Edit your comment').fill('Does this hold for aluminium 6061?')
    await own.getByRole('button', { name: 'Save' }).click()
    await eventually(() => own.getByText(`(${blogPage.comments.edited})`).count()).toBe(1)
    expect(await own.innerText()).toContain('aluminium 6061')
  })

  it('a draft stays invisible to everyone but admins', async () => {
    const page = await pageAs(admin, '/profile/blog')
    await hydrated(page)
    const draftTitle = `Embargoed results ${run}`
    await page.getByLabel('Title').fill(draftTitle)
    await page.getByRole('button', { name: 'Start a draft' }).click()
    await page.waitForURL(/\/profile\/blog\/[0-9a-f-]{36}$/)
    await hydrated(page)
    await page.getByLabel('Text (Markdown)').fill('Numbers nobody may see yet.')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await eventually(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1)
    const draftSlug = `embargoed-results-${run}`
    expect((await page.request.get(`${suite.server.url}/blog/${draftSlug}`)).status()).toBe(200)

    for (const reader of [null, client]) {
      const other = await pageAs(reader, '/blog')
      expect(await other.getByText(draftTitle).count()).toBe(0)
      const direct = await other.request.get(`${suite.server.url}/blog/${draftSlug}`)
      expect(direct.status()).toBe(404)
      expect(await (await other.request.get(`${suite.server.url}/blog/feed.xml`)).text()).not.toContain(draftTitle)
      expect(await (await other.request.get(`${suite.server.url}/sitemap.xml`)).text()).not.toContain(draftSlug)
    }
  })
})
