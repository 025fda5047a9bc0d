import { z } from './zod'
import { revisionDecisionKinds } from './review-view'

export const REVIEW_COMMENT_MAX = 2000

/**
 * A decision on an issued revision, the same in the browser and on the server: accepted, accepted with
 * comments (comments required), or returned with comments (a reason required).
 */
export const revisionDecisionSchema = z
  .object({
    revisionId: z.uuid('Choose a revision'),
    decision: z.enum(revisionDecisionKinds, 'Choose a decision'),
    comment: z.string().trim().max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'returned' && !value.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the revision is returned' })
    if (value.decision === 'accepted_with_comments' && !value.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Write your comments' })
  })
export type RevisionDecisionInput = z.infer<typeof revisionDecisionSchema>

/** The consultancy closing a released job its client has not accepted: a note saying why is required. */
export const closeJobSchema = z.object({
  note: z.string('Say why the job is closed').trim().min(1, 'Say why the job is closed').max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`),
})
