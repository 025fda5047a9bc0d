import { formatDate } from '../../../lib/format'
import { type BlogPostSummary } from '../../../lib/blog/blog-view'

/** "26 November 2026 · Ada Lovelace · 6 min read" under a post's title. */
export function PostMeta({ post }: { post: Pick<BlogPostSummary, 'publishedAt' | 'author' | 'readingMinutes' | 'status'> }) {
  return (
    <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-(--color-light)">
      {post.publishedAt ? <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> : <span>Not published</span>}
      <span aria-hidden="true">·</span>
      <span>{post.author}</span>
      <span aria-hidden="true">·</span>
      <span>{`${post.readingMinutes} min read`}</span>
      {post.status === 'draft' ? (
        <>
          <span aria-hidden="true">·</span>
          <span className="font-semibold text-(--color-orange)">Draft</span>
        </>
      ) : null}
    </p>
  )
}
