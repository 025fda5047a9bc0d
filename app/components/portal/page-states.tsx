import type { ReactNode } from 'react'
import { isRouteErrorResponse } from 'react-router'

/** What a portal page shows while its data is read for the person signed in. */
export function PageLoading({ width, children }: { width: 'max-w-5xl' | 'max-w-6xl'; children: ReactNode }) {
  return (
    <section className={`mx-auto ${width} p-6`} aria-busy="true" data-page-loading="">
      <p className="text-(--color-light)">{children}</p>
    </section>
  )
}

/** The HTTP status behind a route's error: the endpoint's refusal, or 500 for anything else. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500
}

/** A portal page that could not be shown: its title, why, and the way back to the dashboard. */
export function PageFailed({ title, message }: { title: string; message: string }) {
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
