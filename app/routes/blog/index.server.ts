import { data } from 'react-router'
import { blogPage } from '../../../content/blog'
import { blogListMeta } from '../../../lib/blog/blog-meta'
import { publicUrlFrom } from '../../../lib/public-url'
import { listPublishedPosts } from '../../../server/services/blog-posts/list-published-posts'

/** /blog?page=N: one page of the published posts, newest first, with the page's tags. */
export async function loadBlogList(request: Request) {
  const asked = new URL(request.url).searchParams.get('page')
  const wanted = asked === null ? 1 : Number(asked)
  const list = await listPublishedPosts({ page: Number.isInteger(wanted) && wanted > 0 ? wanted : 1 })
  // A page past the end (or a malformed one) is not a page of its own.
  if (asked !== null && String(list.page) !== asked) throw data(null, { status: 404 })
  return { ...list, content: blogPage, meta: blogListMeta({ baseUrl: publicUrlFrom(request), page: list.page, posts: list.posts }) }
}
