import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { blogPosts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { blogPostInputSchema, toBlogPost, type BlogPost, type BlogPostInput } from './blog-post-types'
import { getBlogPost } from './get-blog-post'

export async function updateBlogPost({ actor, id, input }: { actor: MaybeActor; id: string; input: BlogPostInput }): Promise<BlogPost> {
  requireAdmin(actor)
  await getBlogPost({ actor, id })
  const values = parseInput(blogPostInputSchema, input)
  const { db } = getAppContext()
  const [row] = await db.update(blogPosts).set({ ...values, updatedAt: new Date() }).where(eq(blogPosts.id, id)).returning()
  return toBlogPost(row!)
}
