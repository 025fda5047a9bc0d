import type { CommentStatus } from '../../../lib/blog/blog-view'
import type { comments } from '../../db/schema'
import { toIso, type MaybeActor } from '../shared/authorize'

export type CommentRow = typeof comments.$inferSelect

export interface Comment {
  id: string
  /** The commenter's display name, set by the server from their profile (never their email). */
  author: string | null
  index: string | null
  blogPostId: string
  /** The signed-in user who wrote it; shown only to that user and to admins (null for everyone else). */
  userId: string | null
  comment: string | null
  /** 'pending' (waiting for an admin), 'published' or 'hidden'. */
  status: CommentStatus
  editedAt: string | null
  createdAt: string
  updatedAt: string
}

/**
 * Who sees a comment (on a post they may read): a published one, everyone; one waiting for approval
 * or hidden by a moderator, its author and admins.
 */
export function mayReadComment(row: Pick<CommentRow, 'status' | 'userId'>, viewer: MaybeActor): boolean {
  return row.status === 'published' || viewer?.isAdmin === true || (viewer != null && row.userId !== null && row.userId === viewer.userId)
}

/** A comment as `viewer` may see it: only the commenter and admins learn who wrote it. */
export function toComment(row: CommentRow, viewer: MaybeActor): Comment {
  const mayKnowWriter = Boolean(viewer && (viewer.isAdmin || (row.userId !== null && viewer.userId === row.userId)))
  return {
    id: row.id,
    author: row.author,
    index: row.index,
    blogPostId: row.blogPostId,
    userId: mayKnowWriter ? row.userId : null,
    comment: row.comment,
    status: row.status,
    editedAt: toIso(row.editedAt),
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt)!,
  }
}
