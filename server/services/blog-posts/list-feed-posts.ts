import { desc, eq } from 'drizzle-orm'
import type { BlogPostSummary } from '../../../lib/blog/blog-view'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { renderBlogPost } from './render-blog-post'
import { toPostSummary } from './to-post-summary'

/** The latest published posts with their text rendered: the blog's feed (public). */
export async function listFeedPosts({ limit }: { limit: number }): Promise<(BlogPostSummary & { publishedAt: string; html: string })[]> {
  const { db } = getAppContext()
  const rows = await db.select().from(blogPosts).where(eq(blogPosts.status, 'published')).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(limit)
  return Promise.all(rows.map(async (row) => ({ ...toPostSummary(row), publishedAt: row.publishedAt!.toISOString(), html: (await renderBlogPost(row)).html })))
}
