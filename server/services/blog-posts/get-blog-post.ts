import type { MaybeActor } from '../shared/authorize'
import { toBlogPost, type BlogPost } from './blog-post-types'
import { loadBlogPost } from './load-blog-post'

/** A published post for anyone; a draft for admins only. */
export async function getBlogPost({ actor, id }: { actor: MaybeActor; id: string }): Promise<BlogPost> {
  return toBlogPost(await loadBlogPost(actor, id), actor)
}
