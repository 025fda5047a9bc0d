import type { ReactNode } from 'react'
import { useRouteError, type ShouldRevalidateFunctionArgs } from 'react-router'
import { pageMeta } from '../../../lib/meta'
import { useLoginDialog } from '../../components/layout/login-dialog-context'
import { errorStatus, PageFailed, PageLoading } from '../../components/portal/page-states'
import { readPortalJson } from '../../components/portal/read-portal-json'
import { buttonClass } from '../../components/portal/styles'
import { DashboardHeader } from '../../features/dashboard/dashboard-header'
import type { DashboardLoaderData } from './dashboard.server'

/**
 * What the dashboard's two pages (/profile and /profile/settings) share as routes: the same tags, the same data, the
 * same answer to a save that never reached the server (`saveOrSayUnreachable`), the same revalidation,
 * the same signed-out view and the same error page. Each page's route module exports them under React
 * Router's names.
 */

/** Either page's tags, kept out of search engines. They are built from the route table, so an error page still gets a title. */
export function dashboardMeta(path: '/profile' | '/profile/settings') {
  return [...pageMeta({ path }), { name: 'robots', content: 'noindex' }]
}

/** The dashboard's data, read for the person signed in from /profile/view (the document is the same for all). */
export const dashboardClientLoader = Object.assign(
  ({ request }: { request: Request }): Promise<DashboardLoaderData> =>
    readPortalJson<DashboardLoaderData>(`/profile/view${new URL(request.url).search}`, request.signal),
  { hydrate: true as const },
)

/** Lists and forms re-read only what a change touched; the data is read again after profile changes. */
export function dashboardShouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  if (intent === 'delete-file' || intent === 'delete-job-request' || intent === 'create-job-request') return false
  return defaultShouldRevalidate
}

/** Either page while its data is read. */
export function DashboardLoading({ what }: { what: 'dashboard' | 'settings' }) {
  return <PageLoading width="max-w-6xl">Loading your {what}...</PageLoading>
}

/** Either page's frame for a signed-in person: the heading, the client picked and the tabs, then the page. */
export function DashboardFrame({ data, path, children }: { data: Extract<DashboardLoaderData, { signedIn: true }>; path: '/profile' | '/profile/settings'; children: ReactNode }) {
  const { details, clientId, isAdmin } = data
  const client = clientId ? data.clients?.find((c) => c.id === clientId) : null
  return (
    <section className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <DashboardHeader isAdmin={isAdmin} clients={data.clients} clientId={clientId} actingForEmail={client?.email ?? details.email} path={path} />
      {children}
    </section>
  )
}

/** Either page to a visitor who is not signed in. */
export function DashboardSignedOut() {
  const login = useLoginDialog()
  return (
    <section className="mx-auto max-w-3xl p-6">
      <h1 className="text-3xl font-semibold">Dashboard</h1>
      <p className="mt-4">Please sign in to see your details, documents and job requests.</p>
      <button type="button" className={`mt-4 ${buttonClass}`} onClick={() => login.open()}>
        Login
      </button>
    </section>
  )
}

/** Either page's error: someone else's client, a client that does not exist, or a failed read. */
export function DashboardError({ what }: { what: 'dashboard' | 'settings' }) {
  const status = errorStatus(useRouteError())
  const message =
    status === 403 ? `You are not allowed to see this client’s ${what}.` : status === 404 ? 'That client was not found.' : `The ${what} could not be loaded. Please try again.`
  return <PageFailed title="Dashboard" message={message} />
}
