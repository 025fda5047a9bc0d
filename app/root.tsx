import { useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { Shell } from './components/layout/shell'
import { themeBootScript } from './features/theme/theme-boot'
import { organizationJsonLd } from '../lib/meta'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Applies the saved theme before first paint, so no flash of the wrong theme. */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(organizationJsonLd()) }} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

/** Top-level error boundary (SPEC.md section 2): any uncaught rendering error becomes this page. */
export function ErrorBoundary() {
  const error = useRouteError()
  useEffect(() => {
    console.error(error)
  }, [error])
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBody />
  }
  return (
    <main className="mx-auto max-w-3xl p-8 text-center" role="alert">
      <h1 className="text-2xl font-semibold">Something went wrong.</h1>
    </main>
  )
}

function NotFoundBody() {
  const location = useLocation()
  return (
    <main className="mx-auto max-w-3xl p-8 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2">There is no page at {location.pathname}.</p>
      <a className="mt-4 inline-block underline" href="/">
        Back to the home page
      </a>
    </main>
  )
}
