import { useEffect, useRef } from 'react'
import type { RevisionCommentView } from '../../../../lib/review-comments'
import type { ReviewComments } from './review-props'

/**
 * Opens the comment the viewer was opened on (`review.openCommentId`), once, as soon as the view is
 * `ready` to put itself back in that comment's view.
 */
export function useOpenComment(ready: boolean, review: ReviewComments | undefined, activate: (comment: RevisionCommentView) => void): void {
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current || !ready || !review?.openCommentId) return
    const comment = review.comments.find((c) => c.id === review.openCommentId)
    if (!comment) return
    opened.current = true
    activate(comment)
  })
}
