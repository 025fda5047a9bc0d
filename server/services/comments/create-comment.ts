import { getAppContext } from '../../context'
import { comments } from '../../db/schema'
import { getBlogPost } from '../blog-posts/get-blog-post'
import { getDisplayName } from '../profiles/get-display-name'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { commentInputSchema, toComment, type Comment, type CommentInput } from './comment-types'

/**
 * A signed-in user comments on a post; the comment is theirs (userId from the session) and is shown
 * under their display name, which the server sets: a commenter cannot pass as someone else.
 */
export async function createComment({ actor, blogPostId, input }: { actor: MaybeActor; blogPostId: string; input: CommentInput }): Promise<Comment> {
  const a = requireSignedIn(actor)
  await getBlogPost({ actor, id: blogPostId })
  const values = parseInput(commentInputSchema, input)
  const { db } = getAppContext()
  const [row] = await db
    .insert(comments)
    .values({ ...values, author: await getDisplayName(a.userId), blogPostId, userId: a.userId })
    .returning()
  return toComment(row!, a)
}
