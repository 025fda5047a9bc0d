import { desc, eq, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'

export interface ListBlogPostsOptions {
  actor: MaybeActor
  limit?: number
  /** Drafts too: admins only (ignored for anyone else, who sees published posts). */
  includeDrafts?: boolean
}

/**
 * Published posts, newest first, for anyone. An admin asking for drafts gets every post, drafts first
 * (by their last change), then the published ones.
 */
export async function listBlogPosts({ actor, limit = 200, includeDrafts = false }: ListBlogPostsOptions): Promise<BlogPost[]> {
  const { db } = getAppContext()
  const all = includeDrafts && actor?.isAdmin === true
  const query = db.select().from(blogPosts)
  const rows = await (all ? query : query.where(eq(blogPosts.status, 'published')))
    .orderBy(sql`${blogPosts.status} = 'published'`, desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt})`), desc(blogPosts.id))
    .limit(Math.min(Math.max(1, limit), 1000))
  return rows.map((row) => toBlogPost(row, actor))
}
