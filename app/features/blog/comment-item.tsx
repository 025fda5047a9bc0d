import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { BlogPageContent } from '../../../content/blog'
import { type CommentView } from '../../../lib/blog/blog-view'
import { formatDateTime } from '../../../lib/format'
import { CommentText } from '../../components/blog/comment-text'
import type { CommentActionResult } from './comment-action-result'
import { checkCommentOnSubmit, commentButtonClass } from './comment-form'

const smallButtonClass = 'rounded-md border border-(--color-border) px-3 py-1 text-sm font-medium text-(--color-text) hover:bg-(--color-shade) disabled:opacity-60'

/**
 * One comment: who (display name) and when, the text, whether it was edited or waits for approval;
 * for its author, Edit and Delete while the edit window lasts; for an admin, Approve, Hide and Delete.
 */
export function CommentItem({ comment, isAdmin, content }: { comment: CommentView; isAdmin: boolean; content: BlogPageContent['comments'] }) {
  const fetcher = useFetcher<CommentActionResult>()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [localError, setLocalError] = useState<string | null>(null)
  const id = useId()
  const result = fetcher.data
  const busy = fetcher.state !== 'idle'
  const error = localError ?? (result && !result.ok ? (result.fieldErrors?.comment?.[0] ?? result.message ?? 'That did not work') : null)
  const mayChange = comment.changeableUntil !== null

  // A saved edit closes the editor.
  useEffect(() => {
    if (result?.ok && result.intent === 'edit-comment') setEditing(false)
  }, [result])

  const act = (intent: string, extra: Record<string, string> = {}) => fetcher.submit({ intent, id: comment.id, ...extra }, { method: 'post' })

  return (
    <li className="rounded-xl border border-(--color-border) bg-(--color-foreground) p-5" data-testid="comment" data-comment-status={comment.status}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-(--color-text)">{comment.author}</span>
        <time dateTime={comment.createdAt} className="text-(--color-light)">
          {formatDateTime(comment.createdAt, { utc: true })}
        </time>
        {comment.editedAt ? <span className="text-(--color-light)">({content.edited})</span> : null}
      </p>
      {comment.status === 'pending' ? <p className="mt-1 text-sm font-semibold text-(--color-orange)">{content.pendingBadge}</p> : null}
      {comment.status === 'hidden' ? <p className="mt-1 text-sm font-semibold text-(--color-red)">{content.hiddenBadge}</p> : null}
      {editing ? (
        <fetcher.Form
          method="post"
          noValidate
          className="mt-3 space-y-2"
          onSubmit={checkCommentOnSubmit(setLocalError)}
        >
          <input type="hidden" name="intent" value="edit-comment" />
          <input type="hidden" name="id" value={comment.id} />
          <label htmlFor={`${id}-edit`} className="sr-only">
            Edit your comment
          </label>
          <textarea
            id={`${id}-edit`}
            name="comment"
            rows={4}
            defaultValue={comment.comment}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full rounded-md border border-(--color-border) bg-(--color-background) px-3 py-2 text-(--color-text)"
          />
          <div className="flex gap-2">
            <button type="submit" className={commentButtonClass} disabled={busy}>
              Save
            </button>
            <button type="button" className={smallButtonClass} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <CommentText text={comment.comment} />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-(--color-red)">
          {error}
        </p>
      ) : null}
      {(mayChange || isAdmin) && !editing ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {mayChange ? (
            <button type="button" className={smallButtonClass} onClick={() => setEditing(true)} disabled={busy}>
              Edit
            </button>
          ) : null}
          {isAdmin && comment.status !== 'published' ? (
            <button type="button" className={smallButtonClass} onClick={() => act('approve-comment')} disabled={busy}>
              Approve
            </button>
          ) : null}
          {isAdmin && comment.status !== 'hidden' ? (
            <button type="button" className={smallButtonClass} onClick={() => act('hide-comment')} disabled={busy}>
              Hide
            </button>
          ) : null}
          {confirming ? (
            <span className="flex items-center gap-2" role="group" aria-label="Delete this comment?">
              <span className="text-sm">Are you sure?</span>
              <button type="button" className={smallButtonClass} onClick={() => act('delete-comment')} disabled={busy}>
                Yes
              </button>
              <button type="button" className={smallButtonClass} onClick={() => setConfirming(false)}>
                No!
              </button>
            </span>
          ) : (
            <button type="button" className={smallButtonClass} onClick={() => setConfirming(true)} disabled={busy}>
              Delete
            </button>
          )}
        </div>
      ) : null}
    </li>
  )
}
