import type { MetaDescriptor } from 'react-router'
import { pageMeta } from '../meta'
import { site } from '../site'
import type { BlogPostPageView, BlogPostSummary } from './blog-view'

/** The blog's feed: linked from the head of the blog's pages. */
export const BLOG_FEED_PATH = '/blog/feed.xml'
export const BLOG_FEED_TITLE = `${site.companyName} blog`

const feedLink: MetaDescriptor = { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: BLOG_FEED_TITLE, href: BLOG_FEED_PATH }

function postingJsonLd(post: BlogPostSummary, baseUrl: string, extra: Record<string, unknown> = {}) {
  const url = `${baseUrl}/blog/${post.slug}`
  return {
    '@type': 'BlogPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: post.title,
    description: post.summary,
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: site.legalName, url: baseUrl },
    timeRequired: `PT${post.readingMinutes}M`,
    ...extra,
  }
}

/** The list's tags: title, description, canonical address (with its page), the feed, and the posts as a schema.org Blog. */
export function blogListMeta({ baseUrl, page, posts }: { baseUrl: string; page: number; posts: BlogPostSummary[] }): MetaDescriptor[] {
  const path = page > 1 ? `/blog?page=${page}` : '/blog'
  const title = page > 1 ? `Blog, page ${page}` : undefined
  const meta = pageMeta({ path: '/blog', title }).map((tag) => ('property' in tag && tag.property === 'og:url' ? { property: 'og:url', content: `${baseUrl}${path}` } : tag))
  return [
    ...meta,
    { tagName: 'link', rel: 'canonical', href: `${baseUrl}${path}` },
    feedLink,
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: BLOG_FEED_TITLE,
        url: `${baseUrl}/blog`,
        publisher: { '@type': 'Organization', name: site.legalName, url: baseUrl },
        blogPost: posts.map((post) => postingJsonLd(post, baseUrl)),
      },
    },
  ]
}

/** A post's tags: its own title and summary, Open Graph as an article, canonical address, the feed and BlogPosting. */
export function blogPostMeta({ baseUrl, post }: { baseUrl: string; post: BlogPostPageView }): MetaDescriptor[] {
  const url = `${baseUrl}/blog/${post.slug}`
  const image = post.image ? `${baseUrl}${post.image}` : null
  const meta = pageMeta({ path: `/blog/${post.slug}`, title: post.title, description: post.summary }).flatMap((tag): MetaDescriptor[] => {
    if ('property' in tag && tag.property === 'og:type') return [{ property: 'og:type', content: 'article' }]
    if ('property' in tag && tag.property === 'og:url') return [{ property: 'og:url', content: url }]
    return [tag]
  })
  return [
    ...meta,
    ...(post.publishedAt ? [{ property: 'article:published_time', content: post.publishedAt }] : []),
    { property: 'article:modified_time', content: post.updatedAt },
    { property: 'article:author', content: post.author },
    ...(image ? [{ property: 'og:image', content: image }, { name: 'twitter:image', content: image }] : []),
    // A draft (seen by admins only) is never indexed.
    ...(post.status === 'draft' ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    feedLink,
    { 'script:ld+json': { '@context': 'https://schema.org', ...postingJsonLd(post, baseUrl, image ? { image } : {}) } },
  ]
}
