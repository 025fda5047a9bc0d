import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { loadBlogPost } from './load-blog-post'

/** An admin takes a post back to draft: from now on only admins see it, its comments with it. */
export async function unpublishBlogPost({ actor, id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  const a = requireAdmin(actor)
  await loadBlogPost(a, id)
  const { db } = getAppContext()
  const [row] = await db.update(blogPosts).set({ status: 'draft', updatedAt: new Date() }).where(eq(blogPosts.id, id)).returning()
  return toBlogPost(row!, a)
}
