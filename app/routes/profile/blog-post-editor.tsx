import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { site } from '../../../lib/site'
import { BlogAdminError } from '../../components/blog/blog-admin-error'
import { PostEditor, type EditorResult } from '../../features/blog/post-editor'
import { loadBlogPostEditor, runBlogPostEditorAction } from './blog-post-editor.server'

export const meta: MetaFunction = () => [{ title: `Edit post | ${site.companyName}` }, { name: 'robots', content: 'noindex' }]

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadBlogPostEditor(request, params.id ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return runBlogPostEditorAction(request, params.id ?? '')
}

/** One post in the consultancy's editor. */
export default function BlogPostEditorPage() {
  const { post, maxUploadBytes } = useLoaderData<typeof loader>()
  const result = useActionData<EditorResult>()
  return (
    <section className="mx-auto max-w-7xl space-y-6 p-6">
      <p>
        <Link to="/profile/blog" className="text-(--color-link) underline">
          ← All posts
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">Edit post</h1>
      <PostEditor key={post.id} post={post} result={result?.intent === 'preview' ? undefined : result} maxUploadBytes={maxUploadBytes} />
    </section>
  )
}

export function ErrorBoundary() {
  return <BlogAdminError title="Edit post" />
}
