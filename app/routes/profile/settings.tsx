import { useLoaderData } from 'react-router'
import { ActivityPanel } from '../../features/account-security/activity-panel'
import { SecondFactorRequired } from '../../features/account-security/second-factor-required'
import { AccountSecurity } from '../../features/dashboard/account-security'
import { ClientDetailsForm } from '../../features/dashboard/client-details-form'
import { JobMailsToggle } from '../../features/dashboard/job-mails-toggle'
import { LogoUpload } from '../../features/dashboard/logo-upload'
import { cardClass } from '../../components/portal/styles'
import { DashboardError, DashboardFrame, DashboardLoading, DashboardSignedOut, dashboardClientLoader, dashboardMeta, dashboardShouldRevalidate } from './dashboard-route'
import { saveOrSayUnreachable } from '../../components/portal/save-or-say-unreachable'
import type { Route } from './+types/settings'
import { runDashboardAction, type DashboardLoaderData } from './dashboard.server'

export const meta: Route.MetaFunction = () => dashboardMeta('/profile/settings')

/** The page's data, read for the person signed in from /profile/view (the document is the same for all). */
export const clientLoader = dashboardClientLoader

export function HydrateFallback() {
  return <DashboardLoading what="settings" />
}

/** The settings' forms post to /profile; a form sent here without JavaScript gets the same action. */
export async function action({ request }: Route.ActionArgs) {
  return runDashboardAction(request)
}

export const clientAction = saveOrSayUnreachable

/** Lists and forms re-read only what a change touched; the loader reruns after profile changes. */
export const shouldRevalidate = dashboardShouldRevalidate

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
  return (
    <DashboardFrame data={data} path="/profile/settings">
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
    </DashboardFrame>
  )
}

export function ErrorBoundary() {
  return <DashboardError what="settings" />
}
