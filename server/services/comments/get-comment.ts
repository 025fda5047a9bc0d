import type { MaybeActor } from '../shared/authorize'
import { toComment, type Comment } from './comment-types'
import { loadComment } from './load-comment'

/** One comment; public, like the post it belongs to. */
export async function getComment({ actor, id }: { actor: MaybeActor; id: string }): Promise<Comment> {
  return toComment(await loadComment(id), actor)
}
