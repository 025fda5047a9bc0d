import { z } from '../../../lib/zod'
import type { comments } from '../../db/schema'
import { toIso, type MaybeActor } from '../shared/authorize'

export interface Comment {
  id: string
  /** The commenter's display name, set by the server from their profile (never their email). */
  author: string | null
  index: string | null
  blogPostId: string
  /** The signed-in user who wrote it; shown only to that user and to admins (null for everyone else). */
  userId: string | null
  comment: string | null
  createdAt: string
  updatedAt: string
}

/** What a commenter writes. `author` is not among it: the server sets it (an `author` sent along is dropped). */
export const commentInputSchema = z.object({
  index: z.string().max(100).nullable().optional(),
  comment: z.string().trim().min(1, 'Please enter a comment').max(5000),
})

export type CommentInput = z.infer<typeof commentInputSchema> & { author?: string | null }

/** A comment as `viewer` may see it: anyone reads comments, only the commenter and admins learn who wrote it. */
export function toComment(row: typeof comments.$inferSelect, viewer: MaybeActor): Comment {
  const mayKnowWriter = Boolean(viewer && (viewer.isAdmin || (row.userId !== null && viewer.userId === row.userId)))
  return {
    id: row.id,
    author: row.author,
    index: row.index,
    blogPostId: row.blogPostId,
    userId: mayKnowWriter ? row.userId : null,
    comment: row.comment,
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt)!,
  }
}
