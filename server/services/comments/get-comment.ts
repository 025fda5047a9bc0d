import type { MaybeActor } from '../shared/authorize'
import { toComment, type Comment } from './comment-types'
import { loadComment } from './load-comment'

/** One comment: a published one on a published post for anyone; one waiting or hidden for its author and admins. */
export async function getComment({ actor, id }: { actor: MaybeActor; id: string }): Promise<Comment> {
  return toComment((await loadComment(id, actor)).row, actor)
}
