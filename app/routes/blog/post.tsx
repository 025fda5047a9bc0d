import { useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from 'react-router'
import katexStylesheet from 'katex/dist/katex.min.css?url'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { PostArticle } from '../../components/blog/post-article'
import { CommentSection } from '../../features/blog/comment-section'
import { loadBlogPostPage, runBlogPostAction } from './post.server'

export const meta = metaFromLoader

/** Rendered per request (guests share one rendering a second), started after its first paint like the prerendered pages. */
export const handle = { deferHydration: true }

/** A refused comment (too many in a short time) tells clients when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadBlogPostPage(request, params.slug ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return runBlogPostAction(request, params.slug ?? '')
}

/** A blog post with its comments. */
export default function BlogPostPage() {
  const { post, comments, viewer, content } = useLoaderData<typeof loader>()
  return (
    <PostArticle
      post={post}
      content={content}
      // KaTeX's stylesheet, for a post with maths only, linked in the body just before the text (not in
      // the head): the browser paints the title first and holds back only what follows the link until
      // the sheet has arrived, so the maths never shows unstyled and nothing moves.
      beforeText={post.hasMaths ? <link rel="stylesheet" href={katexStylesheet} /> : null}
    >
      <CommentSection comments={comments} viewer={viewer} content={content.comments} />
    </PostArticle>
  )
}
