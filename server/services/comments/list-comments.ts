import { asc, eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { comments } from '../../db/schema'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { toComment, type Comment } from './comment-types'

/** Comments are public to read, like the posts they belong to; optionally those of one post. */
export async function listComments({ actor, blogPostId, limit = 500 }: { actor: MaybeActor; blogPostId?: string | null; limit?: number }): Promise<Comment[]> {
  const { db } = getAppContext()
  if (blogPostId && !isUuid(blogPostId)) return []
  const query = db.select().from(comments)
  const rows = await (blogPostId ? query.where(eq(comments.blogPostId, blogPostId)) : query)
    .orderBy(asc(comments.createdAt))
    .limit(Math.min(Math.max(1, limit), 1000))
  return rows.map((row) => toComment(row, actor))
}
