import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import type { BlogPageContent } from '../../../content/blog'
import { blogRules } from '../../../lib/blog/blog-rules'
import { commentProblem } from '../../../lib/blog/comment-rules'
import type { CommentActionResult } from './comment-action-result'

const fieldClass =
  'mt-1 block w-full rounded-md border border-(--color-border) bg-(--color-background) px-3 py-2 text-(--color-text) focus-visible:outline-2 focus-visible:outline-(--color-highlight) aria-[invalid=true]:border-(--color-red)'
export const commentButtonClass =
  'inline-flex items-center justify-center rounded-md bg-(--color-highlight) px-4 py-2 font-semibold text-(--color-background) hover:brightness-110 disabled:opacity-60'

/**
 * A signed-in reader's new comment: checked in the browser with the rule the server applies
 * (comment-rules.ts), posted to the page's action, and answered at the field (a refusal) or with what
 * happens next (published, or waiting for approval).
 */
export function CommentForm({ content }: { content: BlogPageContent['comments'] }) {
  const fetcher = useFetcher<CommentActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const [localError, setLocalError] = useState<string | null>(null)
  const [length, setLength] = useState(0)
  const id = useId()
  const result = fetcher.data?.intent === 'comment' ? fetcher.data : undefined
  const sending = fetcher.state !== 'idle'
  const error = localError ?? (result && !result.ok ? (result.fieldErrors?.comment?.[0] ?? result.message ?? 'The comment could not be posted') : null)

  useEffect(() => {
    if (result?.ok) {
      formRef.current?.reset()
      setLength(0)
    }
  }, [result])

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="mt-8 space-y-3"
      onSubmit={checkCommentOnSubmit(setLocalError)}
    >
      <input type="hidden" name="intent" value="comment" />
      <label htmlFor={`${id}-text`} className="block font-semibold">
        {content.label}
      </label>
      <textarea
        id={`${id}-text`}
        name="comment"
        rows={5}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={fieldClass}
        onChange={(event) => {
          setLength(event.currentTarget.value.trim().length)
          if (localError) setLocalError(null)
        }}
      />
      <p id={`${id}-hint`} className="text-sm text-(--color-light)">
        {content.hint} {length}/{blogRules.commentMax.toLocaleString('en-GB')}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-(--color-red)">
          {error}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="text-sm font-semibold text-(--color-green)">
          {result.held ? content.held : content.published}
        </p>
      ) : null}
      <button type="submit" className={commentButtonClass} disabled={sending}>
        {sending ? content.sending : content.submit}
      </button>
    </fetcher.Form>
  )
}

/** A comment form's submit: the browser-side check first, its message shown, and nothing sent while it fails. */
export function checkCommentOnSubmit(setProblem: (problem: string | null) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const text = new FormData(event.currentTarget).get('comment')
    const problem = commentProblem(typeof text === 'string' ? text : '')
    setProblem(problem)
    if (problem) event.preventDefault()
  }
}
