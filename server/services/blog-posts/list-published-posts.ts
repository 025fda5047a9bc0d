import { count, desc, eq } from 'drizzle-orm'
import { blogRules } from '../../../lib/blog/blog-rules'
import type { BlogPostSummary } from '../../../lib/blog/blog-view'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { toPostSummary } from './to-post-summary'

export interface PublishedPostsPage {
  posts: BlogPostSummary[]
  page: number
  pages: number
}

/** One page of the published posts, newest first: the blog's list (public). */
export async function listPublishedPosts({ page = 1, perPage = blogRules.postsPerPage }: { page?: number; perPage?: number } = {}): Promise<PublishedPostsPage> {
  const { db } = getAppContext()
  const published = eq(blogPosts.status, 'published')
  const [{ total }] = (await db.select({ total: count() }).from(blogPosts).where(published)) as [{ total: number }]
  const pages = Math.max(1, Math.ceil(total / perPage))
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages)
  const rows = await db
    .select()
    .from(blogPosts)
    .where(published)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(perPage)
    .offset((current - 1) * perPage)
  return { posts: rows.map(toPostSummary), page: current, pages }
}
