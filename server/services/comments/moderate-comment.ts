import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context/app-context'
import { comments } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { toComment, type Comment } from './comment-types'
import { loadComment } from './load-comment'

export type ModerationDecision = 'approve' | 'hide'

/** An admin approves a comment (everyone sees it) or hides it (only its author and admins do). */
export async function moderateComment({ actor, id, decision }: { actor: MaybeActor; id: string; decision: string }): Promise<Comment> {
  const a = requireAdmin(actor)
  if (decision !== 'approve' && decision !== 'hide') throw new AppError('BAD_REQUEST', 'Choose approve or hide')
  const { row } = await loadComment(id, a)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(comments)
      .set({ status: decision === 'approve' ? 'published' : 'hidden', updatedAt: new Date() })
      .where(eq(comments.id, id))
      .returning()
    await recordAudit(tx, { actor: a, subjectUserId: row.userId, action: `${decision}-comment`, details: { id } })
    return toComment(updated!, a)
  })
}
