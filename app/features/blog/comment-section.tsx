import type { BlogPageContent } from '../../../content/blog'
import type { CommentView } from '../../../lib/blog/blog-view'
import { useLoginDialog } from '../../components/layout/login-dialog-context'
import { CommentForm } from './comment-form'
import { CommentItem } from './comment-item'

interface CommentSectionProps {
  comments: CommentView[]
  viewer: { signedIn: boolean; isAdmin: boolean }
  content: BlogPageContent['comments']
}

/** A post's comments, oldest first, then the form for a signed-in reader or a way to sign in. */
export function CommentSection({ comments, viewer, content }: CommentSectionProps) {
  const loginDialog = useLoginDialog()
  const published = comments.filter((c) => c.status === 'published').length
  return (
    <section aria-labelledby="comments-heading" className="mt-16 border-t border-(--color-border) pt-10">
      <h2 id="comments-heading" className="text-2xl font-semibold">
        {`${content.heading} (${published})`}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-(--color-light)">{content.none}</p>
      ) : (
        <ol className="mt-6 space-y-4" aria-label={content.heading}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} isAdmin={viewer.isAdmin} content={content} />
          ))}
        </ol>
      )}
      {viewer.signedIn ? (
        <CommentForm content={content} />
      ) : (
        <div className="mt-8 flex flex-wrap items-center gap-4 rounded-xl border border-(--color-border) bg-(--color-foreground) p-5">
          <p>{content.signInPrompt}</p>
          <button type="button" className="rounded-md border border-(--color-highlight) px-4 py-2 font-semibold hover:bg-(--color-shade)" onClick={() => loginDialog.open()}>
            {content.signIn}
          </button>
        </div>
      )}
    </section>
  )
}
