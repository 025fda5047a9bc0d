import { count, eq, sql } from 'drizzle-orm'
import type { BlogPostSummary } from '../../../lib/blog/blog-view'
import { getAppContext } from '../../context/app-context'
import { blogPosts, comments } from '../../db/schema'
import { getBlogSettings } from '../blog-settings/get-blog-settings'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toPostSummary } from './to-post-summary'

export interface BlogAdminOverview {
  posts: (BlogPostSummary & { id: string; waitingComments: number })[]
  waitingComments: number
  holdComments: boolean
}

/** The consultancy's view of its blog: every post, drafts first, with its comments waiting for approval, and the settings. Admins only. */
export async function getBlogAdminOverview({ actor }: { actor: MaybeActor }): Promise<BlogAdminOverview> {
  requireAdmin(actor)
  const { db } = getAppContext()
  const waiting = db
    .select({ blogPostId: comments.blogPostId, n: count().as('n') })
    .from(comments)
    .where(eq(comments.status, 'pending'))
    .groupBy(comments.blogPostId)
    .as('waiting')
  const rows = await db
    .select({ post: blogPosts, waiting: sql<number>`coalesce(${waiting.n}, 0)::int` })
    .from(blogPosts)
    .leftJoin(waiting, eq(waiting.blogPostId, blogPosts.id))
    .orderBy(sql`${blogPosts.status} = 'published'`, sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt}) desc`)
    .limit(1000)
  const posts = rows.map(({ post, waiting: n }) => ({ id: post.id, ...toPostSummary(post), waitingComments: Number(n) }))
  return { posts, waitingComments: posts.reduce((sum, p) => sum + p.waitingComments, 0), holdComments: (await getBlogSettings()).holdComments }
}
