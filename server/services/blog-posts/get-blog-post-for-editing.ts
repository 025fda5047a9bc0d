import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { loadBlogPost } from './load-blog-post'

/** A post as the editor opens it, draft or published, with its Markdown. Admins only. */
export async function getBlogPostForEditing({ actor, id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  const a = requireAdmin(actor)
  return toBlogPost(await loadBlogPost(a, id), a)
}
