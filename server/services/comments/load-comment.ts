import { eq } from 'drizzle-orm'
import { getAppContext } from '../../context'
import { comments } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { isUuid } from '../shared/is-uuid'

/** Reads one comment's row without a permission check or redaction: callers check and redact. */
export async function loadComment(id: string): Promise<typeof comments.$inferSelect> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Comment not found')
  const { db } = getAppContext()
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Comment not found')
  return row
}
