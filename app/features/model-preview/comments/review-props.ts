import type { PinnedView, RevisionCommentView } from '../../../../lib/review-comments'

/** A new pinned comment as the viewer hands it over: its text and the view it was made in. */
export interface NewPinnedComment {
  body: string
  view: PinnedView
}

/**
 * What a viewer needs to show a revision's comments and take new ones. The parent keeps the comments
 * and posts what the viewer hands it: a rejected promise's message shows beside the form that made it.
 * Whoever may read the revision gets its comments (the pins and the list); the posts are given only to
 * those who may comment, so without them the viewer shows the comments read-only (no Comment tool, no
 * Reply, no Resolve).
 */
export interface ReviewComments {
  comments: RevisionCommentView[]
  onAddComment?: (comment: NewPinnedComment) => Promise<unknown>
  onReply?: (id: string, body: string) => Promise<unknown>
  onResolve?: (id: string, resolved: boolean) => Promise<unknown>
  /** The comment whose view the viewer opens on, once the model or drawing has loaded. */
  openCommentId?: string | null
}

/** A failed post's message, or a general one. */
export const failureMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : 'That could not be saved. Please try again.')
