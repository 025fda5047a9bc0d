import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { BlogPageContent } from '../../../content/blog'
import { formatDate } from '../../../lib/format'
import { type BlogPostPageView } from '../../../lib/blog/blog-view'
import { PostMeta } from './post-meta'

/** A table of contents is worth its space from this many sections. */
const CONTENTS_FROM_SECTIONS = 3

/**
 * A post: back link, title, date, writer and reading time, summary, contents, `beforeText` (what the
 * text needs first: its maths stylesheet), the text (HTML the server rendered from the post's
 * Markdown, with no raw HTML from the writer in it), then `children` (the comments).
 */
export function PostArticle({ post, content, beforeText, children }: { post: BlogPostPageView; content: BlogPageContent; beforeText?: ReactNode; children?: ReactNode }) {
  const updatedLater = post.publishedAt !== null && new Date(post.updatedAt).getTime() - new Date(post.publishedAt).getTime() > 24 * 3600 * 1000
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6" aria-labelledby="post-title">
      <Link to="/blog" className="inline-flex items-center gap-1 text-(--color-link) underline-offset-4 hover:underline">
        <span aria-hidden="true">←</span> {content.backToList}
      </Link>
      <header className="mt-4 mb-8">
        <h1 id="post-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {post.title}
        </h1>
        <PostMeta post={post} />
        {updatedLater ? (
          <p className="mt-1 text-sm text-(--color-light)">
            Updated <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
          </p>
        ) : null}
        {post.summary ? <p className="mt-4 text-lg leading-relaxed text-(--color-light)">{post.summary}</p> : null}
      </header>
      {post.headings.length >= CONTENTS_FROM_SECTIONS ? (
        <nav aria-labelledby="contents-heading" className="mb-8 rounded-xl border border-(--color-border) bg-(--color-foreground) p-5">
          <h2 id="contents-heading" className="text-sm font-semibold uppercase tracking-wide text-(--color-light)">
            {content.contents}
          </h2>
          <ol className="mt-2 space-y-1">
            {post.headings.map((heading) => (
              <li key={heading.id} className={heading.level === 3 ? 'pl-4' : undefined}>
                <a href={`#${heading.id}`} className="text-(--color-link) underline-offset-2 hover:underline">
                  {heading.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {beforeText}
      <div className="blog-prose" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      {children}
    </article>
  )
}
