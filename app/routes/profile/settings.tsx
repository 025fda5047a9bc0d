import { isRouteErrorResponse, useLoaderData, useRouteError, type ShouldRevalidateFunctionArgs } from 'react-router'
import { pageMeta } from '../../../lib/meta'
import { ActivityPanel } from '../../features/account-security/activity-panel'
import { SecondFactorRequired } from '../../features/account-security/second-factor-required'
import { AccountSecurity } from '../../features/dashboard/account-security'
import { ClientDetailsForm } from '../../features/dashboard/client-details-form'
import { DashboardHeader } from '../../features/dashboard/dashboard-header'
import { JobMailsToggle } from '../../features/dashboard/job-mails-toggle'
import { LogoUpload } from '../../features/dashboard/logo-upload'
import { cardClass } from '../../components/portal/styles'
import { DashboardSignedOut, dashboardShouldRevalidate, readDashboardData, saveOrSayUnreachable } from './dashboard-route'
import type { Route } from './+types/settings'
import { runDashboardAction, type DashboardLoaderData } from './dashboard.server'

const noindex = { name: 'robots', content: 'noindex' }

export const meta: Route.MetaFunction = () => [...pageMeta({ path: '/profile/settings' }), noindex]

/** The same data as the dashboard's, read for the person signed in from /profile/view (the document is the same for all). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return readDashboardData(request)
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return (
    <section className="mx-auto max-w-6xl p-6" aria-busy="true">
      <p className="text-(--color-light)">Loading your settings...</p>
    </section>
  )
}

/** The settings' forms post to /profile; a form sent here without JavaScript gets the same action. */
export async function action({ request }: Route.ActionArgs) {
  return runDashboardAction(request)
}

/** A save that never reaches the server becomes a failed result the form shows, not an error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return saveOrSayUnreachable(request, serverAction)
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dashboardShouldRevalidate(args)
}

export default function DashboardSettingsPage() {
  const data = useLoaderData<typeof clientLoader>()
  if (!data.signedIn) return <DashboardSignedOut />
  return <Settings data={data} />
}


/**
 * The account's settings: client details and the company logo; the signed-in person's own sign-in,
 * security and API tokens (never while an admin acts for a client); job mail choices (a client's);
 * the whole activity log (the consultancy's, on its own settings).
 */
function Settings({ data }: { data: Extract<DashboardLoaderData, { signedIn: true }> }) {
  const { details, clientId, isAdmin } = data
  const client = clientId ? data.clients?.find((c) => c.id === clientId) : null
  return (
    <section className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <DashboardHeader isAdmin={isAdmin} clients={data.clients} clientId={clientId} actingForEmail={client?.email ?? details.email} path="/profile/settings" />
      {data.secondFactorRequired ? <SecondFactorRequired /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ClientDetailsForm key={details.userId} details={details} clientId={clientId} />
        </div>
        <LogoUpload key={details.userId} userId={details.userId} clientId={clientId} logoUrl={details.logoUrl} companyName={details.companyName} maxUploadBytes={data.maxUploadBytes} />
      </div>
      {clientId ? null : <AccountSecurity key={`security-${details.userId}`} email={details.email} secondFactorRequired={data.secondFactorRequired} />}
      {isAdmin && !clientId ? (
        <div className={cardClass}>
          <ActivityPanel scope="all" />
        </div>
      ) : null}
      {isAdmin && !clientId ? null : <JobMailsToggle key={`mails-${details.userId}`} enabled={details.jobUpdateMails} clientId={clientId} />}
    </section>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    status === 403 ? 'You are not allowed to see this client’s settings.' : status === 404 ? 'That client was not found.' : 'The settings could not be loaded. Please try again.'
  return (
    <section className="mx-auto max-w-3xl p-6" role="alert">
      <h1 className="text-3xl font-semibold">Dashboard</h1>
      <p className="mt-4">{message}</p>
      <a href="/profile" className="mt-4 inline-block text-(--color-link) underline">
        Back to your dashboard
      </a>
    </section>
  )
}
