import { eq } from 'drizzle-orm'
import { BLOG_IMAGE_PREFIX, markdownImages } from '../../../lib/blog/blog-post-schema'
import type { BlogPostPageView } from '../../../lib/blog/blog-view'
import { getAppContext } from '../../context/app-context'
import { blogPosts, blogPostSlugs } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { mayReadPost } from './blog-post-types'
import { renderBlogPost } from './render-blog-post'
import { toPostSummary } from './to-post-summary'

export type BlogPostPageResult = { post: BlogPostPageView & { id: string } } | { redirectTo: string }

/**
 * The post at /blog/{slug}, rendered, for anyone who may read it (a draft: admins only, "not found" to
 * everyone else). An address the post had before answers with its current one, to redirect to.
 */
export async function getBlogPostPage({ actor, slug }: { actor: MaybeActor; slug: string }): Promise<BlogPostPageResult> {
  const notFound = new AppError('NOT_FOUND', 'Blog post not found')
  if (slug.length > 200) throw notFound
  const { db } = getAppContext()
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1)
  if (!row) {
    const [old] = await db
      .select({ slug: blogPosts.slug, status: blogPosts.status })
      .from(blogPostSlugs)
      .innerJoin(blogPosts, eq(blogPosts.id, blogPostSlugs.blogPostId))
      .where(eq(blogPostSlugs.slug, slug))
      .limit(1)
    if (old && mayReadPost(old, actor)) return { redirectTo: old.slug }
    throw notFound
  }
  if (!mayReadPost(row, actor)) throw notFound
  const rendered = await renderBlogPost(row)
  // Shared without a chosen picture, a post shows its first one.
  const image = row.image ?? markdownImages(row.content ?? '').find((picture) => picture.src.startsWith(BLOG_IMAGE_PREFIX))?.src ?? null
  return { post: { id: row.id, ...toPostSummary(row), ...rendered, image } }
}
