import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { loadBlogPost } from './load-blog-post'

/**
 * An admin publishes a post: everyone can read it from now on, dated the first time it was
 * published (publishing again after unpublishing keeps that date). A post needs a title and some
 * text first.
 */
export async function publishBlogPost({ actor, id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  const a = requireAdmin(actor)
  const existing = await loadBlogPost(a, id)
  const fieldErrors: Record<string, string[]> = {}
  if (!existing.title?.trim()) fieldErrors.title = ['Please enter a title before publishing']
  if (!existing.content?.trim()) fieldErrors.content = ['Please write the post before publishing it']
  if (Object.keys(fieldErrors).length > 0) throw new AppError('BAD_REQUEST', Object.values(fieldErrors)[0]![0], { fieldErrors })
  const { db } = getAppContext()
  const now = new Date()
  const [row] = await db
    .update(blogPosts)
    .set({ status: 'published', publishedAt: existing.publishedAt ?? now, updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning()
  return toBlogPost(row!, a)
}
