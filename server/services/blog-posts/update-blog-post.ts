import { eq } from 'drizzle-orm'
import { blogPostSchema, type BlogPostFields, type BlogPostFormInput } from '../../../lib/blog/blog-post-schema'
import { slugify } from '../../../lib/blog/slugify'
import { getAppContext } from '../../context/app-context'
import { blogPosts } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { asSlugConflict, freeSlugFrom, recordSlugChange, requireFreeSlug } from './claim-slug'
import { loadBlogPost } from './load-blog-post'
import { postAuthorName } from './post-author-name'

/**
 * An admin edits a post, draft or published. A field left out keeps its value (an API call may send
 * only the title); an address sent empty is made from the title. A new address keeps the old one
 * working: it redirects to the new one from then on.
 */
export async function updateBlogPost({ actor, id, input }: { actor: MaybeActor; id: string; input: Partial<BlogPostFormInput> }): Promise<BlogPost> {
  const a = requireAdmin(actor)
  const existing = await loadBlogPost(a, id)
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
  const kept = Object.fromEntries(Object.keys(blogPostSchema.shape).map((key) => [key, existing[key as keyof typeof existing]]))
  const values = parseInput(blogPostSchema, { ...kept, ...given })
  const { db } = getAppContext()
  try {
    return await db.transaction(async (tx) => {
      let slug = values.slug
      if (slug) await requireFreeSlug(tx, slug, id)
      else {
        const base = slugify(values.title) || 'post'
        slug = existing.slug === base ? base : await freeSlugFrom(tx, base, id)
      }
      await recordSlugChange(tx, id, existing.slug, slug)
      // The writer's name follows their profile when they save their own post.
      const author = existing.authorUserId === a.userId ? await postAuthorName(a.userId) : existing.author
      const [row] = await tx
        .update(blogPosts)
        // A field emptied in the editor is cleared (an undefined value would leave the column as it was).
        .set({ ...emptiedAsNull(values), slug, author, updatedAt: new Date() })
        .where(eq(blogPosts.id, id))
        .returning()
      return toBlogPost(row!, a)
    })
  } catch (error) {
    throw asSlugConflict(error)
  }
}

function emptiedAsNull(values: BlogPostFields): { [K in keyof BlogPostFields]: BlogPostFields[K] | null } {
  return Object.fromEntries(Object.keys(blogPostSchema.shape).map((key) => [key, values[key as keyof BlogPostFields] ?? null])) as never
}
