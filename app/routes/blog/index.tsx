import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { BLOG_FEED_PATH } from '../../../lib/blog/blog-meta'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { PostMeta } from '../../components/blog/post-meta'
import { linkClass, Page, PageHeader } from '../../components/content/ui'
import { loadBlogList } from './index.server'

export const meta = metaFromLoader

/** Rendered per request (posts come from the database; guests share one rendering a second), started after its first paint. */
export const handle = { deferHydration: true }

export function loader({ request }: LoaderFunctionArgs) {
  return loadBlogList(request)
}

/** The blog: published posts, newest first, each with its date, writer, reading time and summary, paged. */
export default function BlogListPage() {
  const { posts, page, pages, content } = useLoaderData<typeof loader>()
  return (
    <Page>
      <PageHeader title={content.heading} intro={content.intro} />
      <p className="-mt-6 mb-10">
        <a href={BLOG_FEED_PATH} className={linkClass}>
          {content.feedLink}
        </a>
      </p>
      {posts.length === 0 ? (
        <p className="text-(--color-light)">{content.empty}</p>
      ) : (
        <ol className="max-w-3xl space-y-10" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.slug}>
              <article aria-labelledby={`post-${post.slug}`}>
                <h2 id={`post-${post.slug}`} className="text-2xl font-semibold leading-snug">
                  <Link to={`/blog/${post.slug}`} className="text-(--color-text) underline-offset-4 hover:underline" prefetch="intent">
                    {post.title}
                  </Link>
                </h2>
                <PostMeta post={post} />
                <p className="mt-3 leading-relaxed text-(--color-light)">{post.summary}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of posts" className="mt-12 flex max-w-3xl flex-wrap items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={page === 2 ? '/blog' : `/blog?page=${page - 1}`} className={linkClass} rel="prev">
              ← {content.newer}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-(--color-light)">
            {`Page ${page} of ${pages}`}
          </span>
          {page < pages ? (
            <Link to={`/blog?page=${page + 1}`} className={linkClass} rel="next">
              {content.older} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </Page>
  )
}
