import { z } from 'zod'
import type { comments } from '../../db/schema'
import { toIso } from '../shared/authorize'

export interface Comment {
  id: string
  author: string | null
  index: string | null
  blogPostId: string
  /** The signed-in user who wrote it; set by the server, never taken from input. */
  userId: string | null
  comment: string | null
  createdAt: string
  updatedAt: string
}

export const commentInputSchema = z.object({
  author: z.string().max(200).nullable().optional(),
  index: z.string().max(100).nullable().optional(),
  comment: z.string().trim().min(1, 'Please enter a comment').max(5000),
})

export type CommentInput = z.infer<typeof commentInputSchema>

export function toComment(row: typeof comments.$inferSelect): Comment {
  return {
    id: row.id,
    author: row.author,
    index: row.index,
    blogPostId: row.blogPostId,
    userId: row.userId,
    comment: row.comment,
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt)!,
  }
}
