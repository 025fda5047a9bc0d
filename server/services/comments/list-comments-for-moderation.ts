import { and, desc, eq } from 'drizzle-orm'
import type { CommentStatus } from '../../../lib/blog/blog-view'
import { getAppContext } from '../../context/app-context'
import { blogPosts, comments } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toComment, type Comment } from './comment-types'

export interface ModerationEntry extends Comment {
  post: { title: string; slug: string }
}

/** Comments in one state across every post, newest first, each with its post: the moderation queue. Admins only. */
export async function listCommentsForModeration({ actor, status, limit = 200 }: { actor: MaybeActor; status: CommentStatus; limit?: number }): Promise<ModerationEntry[]> {
  const a = requireAdmin(actor)
  const { db } = getAppContext()
  const rows = await db
    .select({ row: comments, title: blogPosts.title, slug: blogPosts.slug })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.blogPostId))
    .where(and(eq(comments.status, status)))
    .orderBy(desc(comments.createdAt))
    .limit(Math.min(Math.max(1, limit), 1000))
  return rows.map(({ row, title, slug }) => ({ ...toComment(row, a), post: { title: title?.trim() || 'Untitled', slug } }))
}
