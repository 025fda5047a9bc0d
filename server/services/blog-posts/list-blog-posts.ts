import { desc } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { blogPosts } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'

/** Blog posts are public to read. */
export async function listBlogPosts({ limit = 200 }: { actor: MaybeActor; limit?: number }): Promise<BlogPost[]> {
  const { db } = getAppContext()
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt)).limit(Math.min(Math.max(1, limit), 1000))
  return rows.map(toBlogPost)
}
