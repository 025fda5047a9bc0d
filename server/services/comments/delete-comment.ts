import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { comments } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { requireOwnerOrAdmin, type MaybeActor } from '../shared/authorize'
import { toComment, type Comment } from './comment-types'
import { loadComment } from './load-comment'

/** The author or an admin deletes a comment. */
export async function deleteComment({ actor, id }: { actor: MaybeActor; id: string }): Promise<Comment> {
  const existing = await loadComment(id)
  const a = requireOwnerOrAdmin(actor, existing.userId)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, id))
    await recordAudit(tx, { actor: a, subjectUserId: existing.userId, action: 'delete-comment', details: { id } })
  })
  return toComment(existing, a)
}
