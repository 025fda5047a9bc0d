import type { LoaderFunctionArgs } from 'react-router'
import { blogFeedResponse } from './feed.server'

/** GET /blog/feed.xml: the blog's Atom feed. */
export function loader({ request }: LoaderFunctionArgs) {
  return blogFeedResponse(request)
}
