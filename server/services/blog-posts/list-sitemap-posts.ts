import { desc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'

/** Every published post's address and last change: the sitemap's blog entries (public). */
export async function listSitemapPosts(): Promise<{ slug: string; updatedAt: string }[]> {
  const { db } = getAppContext()
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(10_000)
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }))
}
