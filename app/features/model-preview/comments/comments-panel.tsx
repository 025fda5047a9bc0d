import { useState } from 'react'
import type { RevisionCommentView } from '../../../../lib/review-comments'
import { formatDateTime } from '../../../../lib/format'
import { CommentForm } from './comment-form'
import { PostFailure } from './post-failure'
import { failureMessage } from './review-props'

const smallButton = 'rounded border border-(--color-border) px-1.5 py-0.5 text-xs hover:bg-(--color-shade) focus-visible:outline-2 disabled:opacity-70'

/** The comment's number as the pins show it: its place in the list. */
export const commentLabel = (number: number) => `Comment ${number}`

function CommentItem({
  comment,
  number,
  active,
  onActivate,
  onReply,
  onResolve,
}: {
  comment: RevisionCommentView
  number: number
  active: boolean
  onActivate: () => void
  /** Absent for someone who may not comment: no Reply. */
  onReply?: (body: string) => Promise<unknown>
  /** Absent for someone who may not comment: no Resolve or Reopen. */
  onResolve?: (resolved: boolean) => Promise<unknown>
}) {
  const [replying, setReplying] = useState(false)
  const [resolving, setResolving] = useState(false)
  const [failed, setFailed] = useState('')
  const resolved = comment.resolvedAt !== null
  const mayResolve = comment.canResolve && onResolve !== undefined
  const resolve = () => {
    if (!onResolve) return
    setResolving(true)
    setFailed('')
    onResolve(!resolved)
      .catch((e: unknown) => setFailed(failureMessage(e)))
      .finally(() => setResolving(false))
  }
  return (
    <li
      className={`flex flex-col gap-1 rounded-md border p-2 ${active ? 'border-(--color-highlight) bg-(--color-shade)' : 'border-(--color-border)'} ${resolved ? 'opacity-80' : ''}`}
      data-testid="comment"
      data-comment-id={comment.id}
      aria-current={active ? 'true' : undefined}
    >
      <button type="button" className="flex flex-wrap items-baseline gap-x-2 text-left hover:underline focus-visible:outline-2" onClick={onActivate} aria-label={`${commentLabel(number)} by ${comment.author}${comment.view ? ': show its view' : ''}`}>
        <span className="font-bold">{number}.</span>
        <span className="font-medium">{comment.author}</span>
        <span className="text-xs text-(--color-light)">{formatDateTime(comment.at)}</span>
      </button>
      <p className="break-words whitespace-pre-line">{comment.body}</p>
      {comment.carriedFrom ? <p className="text-xs text-(--color-light)">Carried over from {comment.carriedFrom}</p> : null}
      <p className="text-xs text-(--color-light)" data-testid="comment-state">
        {resolved ? `Resolved by ${comment.resolvedBy ?? 'someone'} on ${formatDateTime(comment.resolvedAt!)}` : 'Open'}
      </p>
      {comment.replies.length ? (
        <ul className="flex flex-col gap-1 border-l-2 border-(--color-border) pl-2" aria-label={`Replies to ${commentLabel(number).toLowerCase()}`}>
          {comment.replies.map((r) => (
            <li key={r.id}>
              <span className="font-medium">{r.author}</span> <span className="text-xs text-(--color-light)">{formatDateTime(r.at)}</span>
              <p className="break-words whitespace-pre-line">{r.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {onReply || mayResolve ? (
        <div className="flex flex-wrap gap-1">
          {onReply ? (
            <button type="button" className={smallButton} aria-expanded={replying} aria-label={`Reply to ${commentLabel(number).toLowerCase()}`} onClick={() => setReplying(!replying)}>
              Reply
            </button>
          ) : null}
          {mayResolve ? (
            <button type="button" className={smallButton} disabled={resolving} aria-label={`${resolved ? 'Reopen' : 'Resolve'} ${commentLabel(number).toLowerCase()}`} onClick={resolve}>
              {resolved ? 'Reopen' : 'Resolve'}
            </button>
          ) : null}
        </div>
      ) : null}
      <PostFailure message={failed} />
      {replying && onReply ? <CommentForm label={`Your reply to ${commentLabel(number).toLowerCase()}`} submitLabel="Send reply" onSubmit={(body) => onReply(body).then(() => setReplying(false))} onCancel={() => setReplying(false)} /> : null}
    </li>
  )
}

/**
 * A revision's comments beside the viewer (below it on a phone): each with its number (the one on its
 * pin), author, date, text, replies and whether it is resolved. Activating a comment puts the viewer
 * back in the view it was made in and rings its pin; Reply and Resolve/Reopen go to the parent, and
 * are offered only when it gives them (to those who may comment: the others read).
 */
export function CommentsPanel({
  comments,
  activeId,
  onActivate,
  onReply,
  onResolve,
}: {
  comments: RevisionCommentView[]
  activeId: string | null
  onActivate: (comment: RevisionCommentView) => void
  onReply?: (id: string, body: string) => Promise<unknown>
  onResolve?: (id: string, resolved: boolean) => Promise<unknown>
}) {
  const open = comments.filter((c) => c.resolvedAt === null).length
  return (
    <section className="flex shrink-0 flex-col gap-2 overflow-auto rounded-md border border-(--color-border) bg-(--color-foreground) p-2 text-sm md:w-72 max-md:max-h-[40dvh]" aria-label="Comments" data-testid="comments-panel">
      <h3 className="font-medium">
        Comments <span className="font-normal text-(--color-light)">({comments.length ? `${open} open of ${comments.length}` : 'none yet'})</span>
      </h3>
      {comments.length === 0 ? <p className="text-(--color-light)">{onReply ? 'Choose Comment, then a point, to pin a comment there.' : 'No comments on this revision.'}</p> : null}
      <ol className="flex flex-col gap-2">
        {comments.map((c, i) => (
          <CommentItem key={c.id} comment={c} number={i + 1} active={c.id === activeId} onActivate={() => onActivate(c)} onReply={onReply && ((body) => onReply(c.id, body))} onResolve={onResolve && ((resolved) => onResolve(c.id, resolved))} />
        ))}
      </ol>
    </section>
  )
}
