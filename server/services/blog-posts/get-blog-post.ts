import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { blogPosts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { toBlogPost, type BlogPost } from './blog-post-types'

export async function getBlogPost({ id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Blog post not found')
  const { db } = getAppContext()
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Blog post not found')
  return toBlogPost(row)
}
