import { Link } from 'react-router'
import { HomeIcon } from '../ui/icons'

/** What an unknown address shows: where the visitor is, and the way back home. */
export function NotFoundContent({ pathname }: { pathname: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-16 text-center" data-testid="not-found">
      <p className="font-mono text-sm tracking-widest text-highlight">404</p>
      <h1 className="mt-2 text-3xl font-semibold text-text sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-light">
        There is no page at <code className="rounded bg-shade px-1.5 py-0.5 break-all text-text">{pathname}</code>. It may have moved, or the address may be
        mistyped.
      </p>
      <Link to="/" className="mt-8 inline-flex items-center gap-2 rounded-md border border-highlight bg-shade px-4 py-2 font-semibold text-text no-underline hover:bg-foreground">
        <HomeIcon size={18} />
        Back to the home page
      </Link>
    </section>
  )
}
