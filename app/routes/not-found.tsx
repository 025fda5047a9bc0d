import { Link, data, useLocation } from 'react-router'

export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFoundPage() {
  const location = useLocation()
  return (
    <section className="mx-auto max-w-3xl p-8 text-center">
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="mt-3">There is no page at {location.pathname}.</p>
      <Link className="mt-6 inline-block underline" to="/">
        Back to the home page
      </Link>
    </section>
  )
}
