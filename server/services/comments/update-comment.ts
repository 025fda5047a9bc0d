import { eq } from 'drizzle-orm'
import { commentSchema, type CommentFormInput } from '../../../lib/blog/comment-schema'
import { getAppContext } from '../../context/app-context'
import { comments } from '../../db/schema'
import { getBlogSettings } from '../blog-settings/get-blog-settings'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { toComment, type Comment } from './comment-types'
import { loadComment } from './load-comment'
import { notifyCommentsWaiting } from './notify-comments-waiting'
import { requireOwnChangeableComment } from './require-own-changeable-comment'

/**
 * A commenter edits their own comment within the edit window; who wrote it (author, userId) stays as
 * it was, and the comment is marked edited. Nobody edits another's words, admins included (they
 * approve, hide or delete). While the blog holds comments, an edited comment waits for approval
 * again, so an approved comment cannot be turned into something else.
 */
export async function updateComment({ actor, id, input }: { actor: MaybeActor; id: string; input: CommentFormInput & { author?: unknown } }): Promise<Comment> {
  const a = requireSignedIn(actor)
  const { row, post } = await loadComment(id, a)
  requireOwnChangeableComment(a, row)
  const values = parseInput(commentSchema, input)
  const held = !a.isAdmin && (await getBlogSettings()).holdComments
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const now = new Date()
    const [updated] = await tx
      .update(comments)
      .set({ ...values, status: held ? 'pending' : row.status, editedAt: now, updatedAt: now })
      .where(eq(comments.id, id))
      .returning()
    if (held) await notifyCommentsWaiting(tx, post)
    return toComment(updated!, a)
  })
}
