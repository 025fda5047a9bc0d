import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { comments } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import type { MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { toComment, type Comment } from './comment-types'

export async function getComment({ id }: { actor: MaybeActor; id: string }): Promise<Comment> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Comment not found')
  const { db } = getAppContext()
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Comment not found')
  return toComment(row)
}
