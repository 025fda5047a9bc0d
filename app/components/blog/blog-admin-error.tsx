import { useRouteError } from 'react-router'
import { errorStatus, PageFailed } from '../portal/page-states'

/** What the consultancy's blog pages show when they cannot: signed out, not an admin, or gone. */
export function BlogAdminError({ title }: { title: string }) {
  const status = errorStatus(useRouteError())
  const message =
    status === 401
      ? 'Please sign in to write for the blog.'
      : status === 403
        ? 'Only the consultancy writes and moderates the blog.'
        : status === 404
          ? 'That post was not found.'
          : 'The page could not be loaded. Please try again.'
  return <PageFailed title={title} message={message} />
}
