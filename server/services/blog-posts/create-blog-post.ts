import { blogPostSchema, type BlogPostFormInput } from '../../../lib/blog/blog-post-schema'
import { slugify } from '../../../lib/blog/slugify'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { asSlugConflict, freeSlugFrom, requireFreeSlug } from './claim-slug'
import { postAuthorName } from './post-author-name'

/**
 * An admin starts a post: a draft, seen by admins only until it is published. Its address is the one
 * given, or made from the title (with "-2" and so on when that is taken); a given address another
 * post has, or had, is refused at the field.
 */
export async function createBlogPost({ actor, input }: { actor: MaybeActor; input: Partial<BlogPostFormInput> }): Promise<BlogPost> {
  const a = requireAdmin(actor)
  const values = parseInput(blogPostSchema, input)
  const author = await postAuthorName(a.userId)
  const { db } = getAppContext()
  try {
    return await db.transaction(async (tx) => {
      let slug = values.slug
      if (slug) await requireFreeSlug(tx, slug, null)
      else slug = await freeSlugFrom(tx, slugify(values.title) || 'post', null)
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...values, slug, status: 'draft', author, authorUserId: a.userId })
        .returning()
      return toBlogPost(row!, a)
    })
  } catch (error) {
    throw asSlugConflict(error)
  }
}
