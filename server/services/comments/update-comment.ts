import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { comments } from '../../db/schema'
import { recordAudit } from '../audit/record-audit'
import { requireOwnerOrAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { commentInputSchema, toComment, type Comment, type CommentInput } from './comment-types'
import { loadComment } from './load-comment'

/** The author or an admin edits a comment's text; who wrote it (author, userId) stays as it was. */
export async function updateComment({ actor, id, input }: { actor: MaybeActor; id: string; input: CommentInput }): Promise<Comment> {
  const existing = await loadComment(id)
  const a = requireOwnerOrAdmin(actor, existing.userId)
  const values = parseInput(commentInputSchema, input)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const [row] = await tx.update(comments).set({ ...values, updatedAt: new Date() }).where(eq(comments.id, id)).returning()
    await recordAudit(tx, { actor: a, subjectUserId: existing.userId, action: 'update-comment', details: { id } })
    return toComment(row!, a)
  })
}
