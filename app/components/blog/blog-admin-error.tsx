import { isRouteErrorResponse, useRouteError } from 'react-router'

/** What the consultancy's blog pages show when they cannot: signed out, not an admin, or gone. */
export function BlogAdminError({ title }: { title: string }) {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    status === 401
      ? 'Please sign in to write for the blog.'
      : status === 403
        ? 'Only the consultancy writes and moderates the blog.'
        : status === 404
          ? 'That post was not found.'
          : 'The page could not be loaded. Please try again.'
  return (
    <section className="mx-auto max-w-3xl p-6" role="alert">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4">{message}</p>
      <a href="/profile" className="mt-4 inline-block text-(--color-link) underline">
        Back to your dashboard
      </a>
    </section>
  )
}
