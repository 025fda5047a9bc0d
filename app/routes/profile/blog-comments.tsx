import { Form, Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { site } from '../../../lib/site'
import { BlogAdminError } from '../../components/blog/blog-admin-error'
import { CommentText } from '../../components/blog/comment-text'
import { cardClass, secondaryButtonClass } from '../../components/portal/styles'
import { loadModerationQueue, runModerationAction } from './blog-comments.server'

export const meta: MetaFunction = () => [{ title: `Comments | ${site.companyName}` }, { name: 'robots', content: 'noindex' }]

export function loader({ request }: LoaderFunctionArgs) {
  return loadModerationQueue(request)
}

export function action({ request }: ActionFunctionArgs) {
  return runModerationAction(request)
}

const tabs = [
  { status: 'pending', label: 'Waiting for approval' },
  { status: 'hidden', label: 'Hidden' },
  { status: 'published', label: 'Published' },
] as const

/** The moderation queue: comments waiting for approval across every post (or the hidden or published ones), each approved, hidden or deleted in one press. */
export default function CommentModerationPage() {
  const { status, comments } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto max-w-5xl space-y-6 p-6">
      <p>
        <Link to="/profile/blog" className="text-(--color-link) underline">
          ← Blog
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">Comments</h1>
      <nav aria-label="Comments by state">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.status}>
              <Link
                to={tab.status === 'pending' ? '/profile/blog/comments' : `/profile/blog/comments?status=${tab.status}`}
                aria-current={tab.status === status ? 'page' : undefined}
                className={`${secondaryButtonClass} aria-[current=page]:bg-(--color-shade) aria-[current=page]:font-semibold`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {comments.length === 0 ? (
        <p>{status === 'pending' ? 'No comments wait for approval.' : 'None.'}</p>
      ) : (
        <ul className="space-y-4">
          {comments.map((comment) => (
            <li key={comment.id} className={cardClass} data-testid="moderation-entry">
              <p className="text-sm text-(--color-light)">
                <span className="font-semibold text-(--color-text)">{comment.author}</span> on{' '}
                <Link to={`/blog/${comment.post.slug}`} className="text-(--color-link) underline">
                  {comment.post.title}
                </Link>
                , <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt, { utc: true })}</time>
              </p>
              <CommentText text={comment.comment ?? ''} />
              <Form method="post" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={comment.id} />
                {comment.status !== 'published' ? (
                  <button type="submit" name="intent" value="approve" className={secondaryButtonClass}>
                    Approve
                  </button>
                ) : null}
                {comment.status !== 'hidden' ? (
                  <button type="submit" name="intent" value="hide" className={secondaryButtonClass}>
                    Hide
                  </button>
                ) : null}
                <button type="submit" name="intent" value="delete" className={secondaryButtonClass}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <BlogAdminError title="Comments" />
}
