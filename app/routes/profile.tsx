import { isRouteErrorResponse, Link, useLoaderData, useNavigate, useRouteError, type ShouldRevalidateFunctionArgs } from 'react-router'
import { pageMeta } from '../../lib/meta'
import { useLoginDialog } from '../components/layout/login-dialog-context'
import { ActivityPanel } from '../features/account-security/activity-panel'
import { SecondFactorRequired } from '../features/account-security/second-factor-required'
import { AccountSecurity } from '../features/dashboard/account-security'
import { ClientDetailsForm } from '../features/dashboard/client-details-form'
import { ClientSelector } from '../features/dashboard/client-selector'
import { DocumentsPanel } from '../features/dashboard/documents-panel'
import { JobMailsToggle } from '../features/dashboard/job-mails-toggle'
import { JobRequestForm } from '../features/dashboard/job-request-form'
import { JobRequestsTable } from '../features/dashboard/job-requests-table'
import { LogoUpload } from '../features/dashboard/logo-upload'
import { buttonClass, cardClass } from '../features/dashboard/styles'
import type { DocumentRow, JobRequestRow } from '../features/dashboard/types'
import { useJsonResource } from '../features/dashboard/use-json-resource'
import type { Route } from './+types/profile'
import { runDashboardAction, type DashboardLoaderData } from './profile/dashboard.server'
import { readPortalJson } from '../components/portal/read-portal-json'

const noindex = { name: 'robots', content: 'noindex' }

/** The tags are built by the loader, so the route table stays on the server; an error page still gets a title. */
export const meta: Route.MetaFunction = () => [...pageMeta({ path: '/profile' }), noindex]

/** The page's data, read for the person signed in from /profile/view (the document is the same for all). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return readPortalJson<DashboardLoaderData>(`/profile/view${new URL(request.url).search}`, request.signal)
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return (
    <section className="mx-auto max-w-6xl p-6" aria-busy="true">
      <p className="text-(--color-light)">Loading your dashboard...</p>
    </section>
  )
}

export async function action({ request }: Route.ActionArgs) {
  return runDashboardAction(request)
}

/**
 * A save that never reaches the server (connection lost, server down) becomes a failed result the
 * form shows ("Update failed", a message), instead of replacing the dashboard with an error page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get('intent') ?? '')
  try {
    return await serverAction()
  } catch {
    return { intent, ok: false, message: 'The server could not be reached. Please try again.' }
  }
}

/** Lists and forms re-read only what a change touched; the loader reruns after profile changes. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  if (intent === 'delete-file' || intent === 'delete-job-request' || intent === 'create-job-request') return false
  return defaultShouldRevalidate
}

export default function ClientDashboardPage() {
  const data = useLoaderData<typeof clientLoader>()
  if (!data.signedIn) return <SignedOut />
  return <Dashboard data={data} />
}

function SignedOut() {
  const login = useLoginDialog()
  return (
    <section className="mx-auto max-w-3xl p-6">
      <h1 className="text-3xl font-semibold">Client dashboard</h1>
      <p className="mt-4">Please sign in to see your details, documents and job requests.</p>
      <button type="button" className={`mt-4 ${buttonClass}`} onClick={() => login.open()}>
        Login
      </button>
    </section>
  )
}

function Dashboard({ data }: { data: Extract<DashboardLoaderData, { signedIn: true }> }) {
  const navigate = useNavigate()
  const { details, clientId, isAdmin } = data
  const query = clientId ? `?client=${encodeURIComponent(clientId)}` : ''
  const jobs = useJsonResource<{ jobRequests: JobRequestRow[] }>(`/profile/job-requests${query}`)
  const documents = useJsonResource<{ files: DocumentRow[] }>(`/profile/documents${query}`)
  const client = clientId ? data.clients?.find((c) => c.id === clientId) : null

  return (
    <section className="mx-auto max-w-6xl space-y-6 p-6">
      <header className="space-y-4">
        <h1 className="text-3xl font-semibold">{isAdmin ? 'Admin Dashboard' : 'User Dashboard'}</h1>
        {isAdmin && !clientId ? (
          <p>
            <Link to="/profile/blog" className="text-(--color-link) underline">
              Blog: write posts and moderate comments
            </Link>
          </p>
        ) : null}
        {isAdmin && data.clients ? (
          <ClientSelector
            clients={data.clients}
            selectedId={clientId}
            onSelect={(id) => navigate(id ? `/profile?client=${encodeURIComponent(id)}` : '/profile', { preventScrollReset: true })}
          />
        ) : null}
        {clientId ? (
          <p className="text-(--color-light)" data-testid="acting-for">
            Acting for {client?.email ?? details.email}
          </p>
        ) : null}
      </header>
      {data.secondFactorRequired ? <SecondFactorRequired /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ClientDetailsForm key={details.userId} details={details} clientId={clientId} />
        </div>
        <LogoUpload key={details.userId} userId={details.userId} clientId={clientId} logoUrl={details.logoUrl} companyName={details.companyName} maxUploadBytes={data.maxUploadBytes} />
      </div>
      {/* The signed-in person's own sign-in email and password: never while an admin acts for a client. */}
      {clientId ? null : <AccountSecurity key={`security-${details.userId}`} email={details.email} secondFactorRequired={data.secondFactorRequired} />}
      {/* The whole activity log: for admins, on their own dashboard. */}
      {isAdmin && !clientId ? (
        <div className={cardClass}>
          <ActivityPanel scope="all" />
        </div>
      ) : null}
      {isAdmin && !clientId ? null : <JobMailsToggle key={`mails-${details.userId}`} enabled={details.jobUpdateMails} clientId={clientId} />}
      <JobRequestForm key={`job-${details.userId}`} clientId={clientId} maxUploadBytes={data.maxUploadBytes} onCreated={jobs.reload} />
      <JobRequestsTable status={jobs.status} jobRequests={jobs.data?.jobRequests ?? null} clientId={clientId} onChanged={jobs.reload} />
      <DocumentsPanel
        key={`docs-${details.userId}`}
        title={clientId ? 'Client Documents' : 'My Documents'}
        userId={details.userId}
        clientId={clientId}
        status={documents.status}
        files={documents.data?.files ?? null}
        maxUploadBytes={data.maxUploadBytes}
        maxPreviewBytes={data.maxPreviewBytes}
        onChanged={documents.reload}
      />
    </section>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    status === 403 ? 'You are not allowed to see this client’s dashboard.' : status === 404 ? 'That client was not found.' : 'The dashboard could not be loaded. Please try again.'
  return (
    <section className="mx-auto max-w-3xl p-6" role="alert">
      <h1 className="text-3xl font-semibold">Client dashboard</h1>
      <p className="mt-4">{message}</p>
      <a href="/profile" className="mt-4 inline-block text-(--color-link) underline">
        Back to your dashboard
      </a>
    </section>
  )
}
