import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts, comments } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { mayReadPost, type BlogPostRow } from '../blog-posts/blog-post-types'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { mayReadComment, type CommentRow } from './comment-types'

/**
 * One comment's row and its post's, if `viewer` may see them (the post readable, the comment published
 * or theirs, or the viewer an admin); "not found" otherwise, as for a comment that does not exist.
 */
export async function loadComment(id: string, viewer: MaybeActor): Promise<{ row: CommentRow; post: BlogPostRow }> {
  const notFound = new AppError('NOT_FOUND', 'Comment not found')
  if (!isUuid(id)) throw notFound
  const { db } = getAppContext()
  const [found] = await db.select({ row: comments, post: blogPosts }).from(comments).innerJoin(blogPosts, eq(blogPosts.id, comments.blogPostId)).where(eq(comments.id, id)).limit(1)
  if (!found || !mayReadPost(found.post, viewer) || !mayReadComment(found.row, viewer)) throw notFound
  return found
}
