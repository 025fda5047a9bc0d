import { getAppContext } from '../../context'
import { blogPosts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { blogPostInputSchema, toBlogPost, type BlogPost, type BlogPostInput } from './blog-post-types'

/** Blog posts are written by admins. */
export async function createBlogPost({ actor, input }: { actor: MaybeActor; input: BlogPostInput }): Promise<BlogPost> {
  requireAdmin(actor)
  const values = parseInput(blogPostInputSchema, input)
  const { db } = getAppContext()
  const [row] = await db.insert(blogPosts).values(values).returning()
  return toBlogPost(row!)
}
