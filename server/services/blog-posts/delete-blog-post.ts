import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { blogPosts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import type { BlogPost } from './blog-post-types'
import { getBlogPost } from './get-blog-post'

/** Deletes a post and (by cascade) its comments. Admins only. */
export async function deleteBlogPost({ actor, id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  requireAdmin(actor)
  const existing = await getBlogPost({ actor, id })
  const { db } = getAppContext()
  await db.delete(blogPosts).where(eq(blogPosts.id, id))
  return existing
}
