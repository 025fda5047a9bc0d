import { useId, useState } from 'react'
import { revisionCommentSchema } from '../../../../lib/review-comments'
import { controlClass, ErrorList } from '../../../components/forms'
import { buttonClass, secondaryButtonClass } from '../../../components/portal/styles'
import { PostFailure } from './post-failure'
import { failureMessage } from './review-props'

const bodySchema = revisionCommentSchema.shape.body

/**
 * A comment's text, checked by the comment schema before it is sent: a missing or too long text is
 * said at the field, a failed post below the buttons. `onSubmit`'s promise settles the form.
 */
export function CommentForm({ label, submitLabel, onSubmit, onCancel, autoFocus = true }: { label: string; submitLabel: string; onSubmit: (body: string) => Promise<unknown>; onCancel?: () => void; autoFocus?: boolean }) {
  const id = useId()
  const [body, setBody] = useState('')
  const [error, setError] = useState('')
  const [failed, setFailed] = useState('')
  const [sending, setSending] = useState(false)
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const checked = bodySchema.safeParse(body)
        if (!checked.success) {
          setError(checked.error.issues[0]?.message ?? 'Write a comment')
          event.currentTarget.querySelector('textarea')?.focus()
          return
        }
        setError('')
        setFailed('')
        setSending(true)
        onSubmit(checked.data)
          .then(() => setBody(''))
          .catch((e: unknown) => setFailed(failureMessage(e)))
          .finally(() => setSending(false))
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className={controlClass}
        rows={3}
        value={body}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => (setBody(e.target.value), setError(''))}
      />
      <ErrorList id={`${id}-error`} errors={[error]} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={sending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <PostFailure message={failed} />
    </form>
  )
}
