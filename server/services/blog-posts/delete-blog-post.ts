import { eq, sql } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { blogPosts, storedFiles } from '../../db/schema'
import type { BlobStore } from '../../storage/blobs/blob-store'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { loadBlogPost } from './load-blog-post'

/** Where a post's images are stored. */
export const blogImageFolder = (postId: string) => `blog-images/${postId}/`

/**
 * An admin deletes a post with its comments, its old addresses and its images (the folder
 * blog-images/{id}/, in the stored_file table and in the store). Admins only.
 */
export async function deleteBlogPost({ actor, id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  const a = requireAdmin(actor)
  const existing = await loadBlogPost(a, id)
  const ctx = getAppContext()
  const folder = blogImageFolder(id)
  await ctx.db.transaction(async (tx) => {
    // Locked first: an image upload finishing meanwhile waits, then finds no post and is refused.
    await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id)).for('update')
    await tx.delete(storedFiles).where(sql`starts_with(${storedFiles.path}, ${folder})`)
    await tx.delete(blogPosts).where(eq(blogPosts.id, id))
  })
  try {
    await (ctx.services.storage as BlobStore).deleteFolder(folder)
  } catch (error) {
    ctx.log.error({ err: error, folder }, 'blog post deleted, but its image folder could not be emptied in the store')
  }
  return toBlogPost(existing, a)
}
