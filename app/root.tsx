import { Suspense, lazy, useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/root'
import appStyleSheet from './app.css?url'
import { Shell } from './features/shell/shell'
import { themeBootScript } from './features/theme/theme-boot'
import { organizationJsonLd } from '../lib/organization'
import { themeStyleSheet } from '../lib/theme'

// Only error pages need it, so it is not part of every page's script.
const NotFoundContent = lazy(() => import('./components/layout/not-found-content').then((m) => ({ default: m.NotFoundContent })))

// The site's one stylesheet is linked by the document itself, not imported by a module: a module's
// stylesheet is also listed by every lazily loaded chunk that shares its code, and each such chunk
// (the viewer's, the sign-in dialog's) added it to the page again when it loaded, which restyled the
// whole page (20 to 45 ms on the page's thread as the viewer opened).
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appStyleSheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Applies the saved theme before first paint, so no flash of the wrong theme. */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <style dangerouslySetInnerHTML={{ __html: themeStyleSheet() }} />
        <Meta />
        <Links />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(organizationJsonLd()) }} />
      </head>
      <body>
        {children}
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

/** Top-level error boundary: any uncaught rendering error becomes this page, never a blank screen. */
export function ErrorBoundary() {
  const error = useRouteError()
  useEffect(() => {
    console.error(error)
  }, [error])
  const { pathname } = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <Suspense fallback={null}>
          <NotFoundContent pathname={pathname} />
        </Suspense>
      </Shell>
    )
  }
  // Deliberately bare: the shell itself may be what failed.
  return (
    <main className="grid min-h-screen place-items-center p-8 text-center" role="alert">
      <h1 className="text-2xl font-semibold">Something went wrong.</h1>
    </main>
  )
}
