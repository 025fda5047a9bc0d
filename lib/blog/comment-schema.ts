import { z } from '../zod'
import { commentProblem } from './comment-rules'

/**
 * What a commenter writes: plain text (shown escaped, with web addresses as links). One schema for the
 * post page's action, the comment services and GraphQL; the form in the browser checks the same rule
 * (comment-rules.ts). Who wrote it is not among it: the server shows the commenter's display name.
 */
export const commentSchema = z.object({
  comment: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z.string().superRefine((text, ctx) => {
      const problem = commentProblem(text)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  ),
  index: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().max(100).optional()),
})

export type CommentFormInput = z.input<typeof commentSchema>
export type CommentFields = z.output<typeof commentSchema>
