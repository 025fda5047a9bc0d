import { pinnedViewSchema } from '../../../../lib/review-comments'
import { secondaryButtonClass } from '../../../components/portal/styles'
import { CommentForm } from './comment-form'
import type { ReviewComments } from './review-props'

/**
 * The Comment tool's panel, for a model, a drawing or a document's page: what to do next (pick a
 * point, or write the comment once pinned), "Pin at the centre of the view" for the keyboard, and the
 * comment's form.
 */
export function CommentTool({ pinned, on, keeps, onPickCentre, onSubmit, onCancel }: { pinned: boolean; on: 'model' | 'drawing' | 'page'; keeps: string; onPickCentre: () => void; onSubmit: (body: string) => Promise<unknown>; onCancel: () => void }) {
  return (
    <section className="flex flex-col gap-2 rounded-md border border-(--color-border) p-2 text-sm" aria-label="Comment" data-testid="comment-tool">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-(--color-light)" role="status" data-testid="comment-status">
          {pinned ? `Pinned where you picked: write the comment. It keeps this view (${keeps}).` : `Pick a point on the ${on} to pin a comment there.`}
        </p>
        <button type="button" className={secondaryButtonClass} onClick={onPickCentre}>
          Pin at the centre of the view
        </button>
      </div>
      {pinned ? <CommentForm label="Your comment" submitLabel="Add comment" onSubmit={onSubmit} onCancel={onCancel} /> : null}
    </section>
  )
}

/** A new comment handed to the parent, once its view is one a pin may keep (the same schema as the server's). */
export function addPinnedComment(review: ReviewComments, body: string, view: unknown): Promise<unknown> {
  if (!review.onAddComment) return Promise.reject(new Error('You may read the comments of this revision, not add one.'))
  const checked = pinnedViewSchema.safeParse(view)
  if (!checked.success) return Promise.reject(new Error(checked.error.issues[0]?.message ?? 'This view cannot be kept with the comment.'))
  return review.onAddComment({ body, view: checked.data })
}
