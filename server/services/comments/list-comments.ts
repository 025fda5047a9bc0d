import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm'
import type { CommentStatus } from '../../../lib/blog/blog-view'
import { getAppContext } from '../../context/app-context'
import { blogPosts, comments } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { toComment, type Comment } from './comment-types'

export interface ListCommentsOptions {
  actor: MaybeActor
  /** The comments of one post, oldest first; without it, every post's, newest first. */
  blogPostId?: string | null
  /** Only comments in this state (what a guest or client sees of it is still limited as below). */
  status?: CommentStatus | null
  limit?: number
}

/**
 * The comments a viewer may see: published comments on published posts for everyone, plus their own
 * that wait for approval or were hidden; admins see every comment on every post.
 */
export async function listComments({ actor, blogPostId, status, limit = 500 }: ListCommentsOptions): Promise<Comment[]> {
  if (blogPostId && !isUuid(blogPostId)) return []
  const { db } = getAppContext()
  const conditions: (SQL | undefined)[] = []
  if (blogPostId) conditions.push(eq(comments.blogPostId, blogPostId))
  if (status) conditions.push(eq(comments.status, status))
  if (!actor?.isAdmin) {
    conditions.push(eq(blogPosts.status, 'published'))
    conditions.push(actor ? or(eq(comments.status, 'published'), eq(comments.userId, actor.userId)) : eq(comments.status, 'published'))
  }
  const rows = await db
    .select({ row: comments })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.blogPostId))
    .where(and(...conditions))
    .orderBy(blogPostId ? asc(comments.createdAt) : desc(comments.createdAt), asc(comments.id))
    .limit(Math.min(Math.max(1, limit), 1000))
  return rows.map(({ row }) => toComment(row, actor))
}
