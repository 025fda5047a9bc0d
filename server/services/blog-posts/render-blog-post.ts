import { getAppContext } from '../../context/app-context'
import { renderPostMarkdown, type RenderedPost } from '../../markdown/render-post-markdown'
import type { BlogPostRow } from './blog-post-types'
import { loadImageSizes } from './load-image-sizes'

const CACHE_ENTRIES = 32

/**
 * A post's text as HTML. Rendered once per version of the post (its id and last change) and kept for
 * the next readers, in this process: the most recent few posts, which are the ones read.
 */
export async function renderBlogPost(row: Pick<BlogPostRow, 'id' | 'content' | 'updatedAt'>): Promise<RenderedPost> {
  const ctx = getAppContext()
  const cache = (ctx.services.blogPostHtml ??= new Map<string, RenderedPost>()) as Map<string, RenderedPost>
  const key = `${row.id}:${row.updatedAt.getTime()}`
  const cached = cache.get(key)
  if (cached) {
    cache.delete(key)
    cache.set(key, cached)
    return cached
  }
  const markdown = row.content ?? ''
  const rendered = renderPostMarkdown(markdown, await loadImageSizes(markdown))
  cache.set(key, rendered)
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!)
  return rendered
}
