import { Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { site } from '../../../lib/site'
import { PostMeta } from '../../components/blog/post-meta'
import { BlogAdminError } from '../../components/blog/blog-admin-error'
import { Field } from '../../components/forms'
import { buttonClass, cardClass, cardTitleClass, secondaryButtonClass } from '../../components/portal/styles'
import type { SignedInActionResult } from './signed-in-route.server'
import { loadBlogAdmin, runBlogAdminAction } from './blog.server'

export const meta: MetaFunction = () => [{ title: `Blog | ${site.companyName}` }, { name: 'robots', content: 'noindex' }]

export function loader({ request }: LoaderFunctionArgs) {
  return loadBlogAdmin(request)
}

export function action({ request }: ActionFunctionArgs) {
  return runBlogAdminAction(request)
}

/** The consultancy's blog: start a post, open any post (drafts first), the moderation settings and queue. */
export default function BlogAdminPage() {
  const { posts, waitingComments, holdComments } = useLoaderData<typeof loader>()
  const result = useActionData<SignedInActionResult>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  return (
    <section className="mx-auto max-w-5xl space-y-6 p-6">
      <p>
        <Link to="/profile" className="text-(--color-link) underline">
          ← Back to the dashboard
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">Blog</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Form method="post" className={cardClass} noValidate>
          <h2 className={cardTitleClass}>New post</h2>
          <input type="hidden" name="intent" value="create-post" />
          <Field label="Title" errors={result?.intent === 'create-post' ? result.fieldErrors?.title : undefined} inputProps={{ name: 'title', required: true }} />
          <button type="submit" className={`${buttonClass} mt-4`} disabled={busy}>
            Start a draft
          </button>
        </Form>
        <div className={cardClass}>
          <h2 className={cardTitleClass}>Comments</h2>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="update-settings" />
            <label className="flex items-start gap-2">
              <input type="checkbox" name="holdComments" defaultChecked={holdComments} className="mt-1" />
              <span>Hold comments for moderation (unticked: they are published at once)</span>
            </label>
            <button type="submit" className={secondaryButtonClass} disabled={busy}>
              Save settings
            </button>
            {result?.intent === 'update-settings' ? (
              <p role="status" className="text-sm">
                {result.message}
              </p>
            ) : null}
          </Form>
          <p className="mt-4">
            <Link to="/profile/blog/comments" className="text-(--color-link) underline">
              {waitingComments === 1 ? '1 comment waits' : `${waitingComments} comments wait`} for approval
            </Link>
          </p>
        </div>
      </div>
      <div className={cardClass}>
        <h2 className={cardTitleClass}>Posts</h2>
        {posts.length === 0 ? (
          <p>No posts yet.</p>
        ) : (
          <ul className="divide-y divide-(--color-border)">
            {posts.map((post) => (
              <li key={post.id} className="py-3">
                <Link to={`/profile/blog/${post.id}`} className="font-semibold text-(--color-link) underline">
                  {post.title}
                </Link>
                <PostMeta post={post} />
                {post.waitingComments > 0 ? <p className="text-sm text-(--color-orange)">{post.waitingComments} waiting for approval</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <BlogAdminError title="Blog" />
}
