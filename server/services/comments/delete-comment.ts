import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { comments } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { toComment, type Comment } from './comment-types'
import { loadComment } from './load-comment'
import { requireOwnChangeableComment } from './require-own-changeable-comment'

/** A commenter deletes their own comment within the edit window; an admin deletes any comment. */
export async function deleteComment({ actor, id }: { actor: MaybeActor; id: string }): Promise<Comment> {
  const a = requireSignedIn(actor)
  const { row } = await loadComment(id, a)
  if (!a.isAdmin) requireOwnChangeableComment(a, row)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, id))
    await recordAudit(tx, { actor: a, subjectUserId: row.userId, action: 'delete-comment', details: { id } })
  })
  return toComment(row, a)
}
