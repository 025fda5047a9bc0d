import { BLOG_FEED_PATH, BLOG_FEED_TITLE } from '../../../lib/blog/blog-meta'
import { blogRules } from '../../../lib/blog/blog-rules'
import { publicUrlFrom } from '../../../lib/public-url'
import { site } from '../../../lib/site'
import { listFeedPosts } from '../../../server/services/blog-posts/list-feed-posts'

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/**
 * The blog as an Atom feed (RFC 4287): the latest published posts, each with its summary and its
 * whole text as the page shows it. Relative addresses in the text resolve against the site (xml:base).
 */
export async function blogFeedResponse(request: Request): Promise<Response> {
  const base = publicUrlFrom(request)
  const posts = await listFeedPosts({ limit: blogRules.feedEntries })
  const updated = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), posts[0]?.updatedAt ?? new Date(0).toISOString())
  const entries = posts.map((post) => {
    const url = `${base}/blog/${post.slug}`
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${post.publishedAt}</published>`,
      `    <updated>${post.updatedAt}</updated>`,
      `    <author><name>${escapeXml(post.author)}</name></author>`,
      `    <summary>${escapeXml(post.summary)}</summary>`,
      `    <content type="html">${escapeXml(post.html)}</content>`,
      '  </entry>',
    ].join('\n')
  })
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(base)}/">`,
    `  <id>${escapeXml(`${base}/blog`)}</id>`,
    `  <title>${escapeXml(BLOG_FEED_TITLE)}</title>`,
    `  <subtitle>${escapeXml(site.description)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(base + BLOG_FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${base}/blog`)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(site.companyName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } })
}
