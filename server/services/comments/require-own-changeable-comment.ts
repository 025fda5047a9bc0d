import { commentEditWindowWords, withinCommentEditWindow } from '../../../lib/blog/blog-rules'
import type { Actor } from '../../auth/actor'
import { AppError } from '../../errors/app-error'
import type { CommentRow } from './comment-types'

/**
 * A commenter changes their own words only, and only for a short time after posting them (after that
 * others have read and answered them); a comment a moderator hid stays as it is.
 */
export function requireOwnChangeableComment(actor: Actor, row: CommentRow): void {
  if (row.userId === null || row.userId !== actor.userId) throw new AppError('UNAUTHORIZED')
  if (row.status === 'hidden') throw new AppError('CONFLICT', 'A moderator has hidden this comment, so it can no longer be changed')
  if (!withinCommentEditWindow(row.createdAt)) throw new AppError('CONFLICT', `Comments can be changed for ${commentEditWindowWords} after they are posted`)
}
