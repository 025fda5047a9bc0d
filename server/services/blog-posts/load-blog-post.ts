import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { mayReadPost, type BlogPostRow } from './blog-post-types'

/**
 * One post's row if `actor` may read it. A draft is "not found" to anyone but an admin, the same
 * answer as a post that does not exist, so its existence is not given away either.
 */
export async function loadBlogPost(actor: MaybeActor, id: string): Promise<BlogPostRow> {
  const notFound = new AppError('NOT_FOUND', 'Blog post not found')
  if (!isUuid(id)) throw notFound
  const { db } = getAppContext()
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  if (!row || !mayReadPost(row, actor)) throw notFound
  return row
}
