import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { useLoginDialog } from '../../components/layout/login-dialog-context'
import { readPortalJson } from '../../components/portal/read-portal-json'
import { buttonClass } from '../../components/portal/styles'
import type { DashboardLoaderData } from './dashboard.server'

/**
 * What the dashboard's two pages (/profile and /profile/settings) share as routes: the same data, the
 * same action, the same answer to a save that never reached the server, the same revalidation and the
 * same signed-out view. Each page's route module exports them under React Router's names.
 */

/** The dashboard's data, read for the person signed in from /profile/view (the document is the same for all). */
export function readDashboardData(request: Request): Promise<DashboardLoaderData> {
  return readPortalJson<DashboardLoaderData>(`/profile/view${new URL(request.url).search}`, request.signal)
}

/**
 * A save that never reaches the server (connection lost, server down) becomes a failed result the
 * form shows ("Update failed", a message), instead of replacing the page with an error page.
 */
export async function saveOrSayUnreachable(request: Request, serverAction: () => Promise<unknown>) {
  const intent = String((await request.clone().formData()).get('intent') ?? '')
  try {
    return await serverAction()
  } catch {
    return { intent, ok: false, message: 'The server could not be reached. Please try again.' }
  }
}

/** Lists and forms re-read only what a change touched; the data is read again after profile changes. */
export function dashboardShouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  if (intent === 'delete-file' || intent === 'delete-job-request' || intent === 'create-job-request') return false
  return defaultShouldRevalidate
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
