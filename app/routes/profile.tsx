import { useCallback } from 'react'
import { useLoaderData } from 'react-router'
import type { NeedsYouItem } from '../../lib/needs-you'
import { SecondFactorRequired } from '../features/account-security/second-factor-required'
import { AccountSecurity } from '../features/dashboard/account-security'
import { DocumentsPanel } from '../features/dashboard/documents-panel'
import { JobRequestForm } from '../features/dashboard/job-request-form'
import { JobRequestsTable } from '../features/dashboard/job-requests-table'
import { NeedsYouPanel } from '../features/dashboard/needs-you-panel'
import { WorkQueuePanel } from '../features/dashboard/work-queue-panel'
import type { DocumentRow, JobRequestRow } from '../features/dashboard/types'
import { useJsonResource } from '../features/dashboard/use-json-resource'
import { DashboardError, DashboardFrame, DashboardLoading, DashboardSignedOut, dashboardClientLoader, dashboardMeta, dashboardShouldRevalidate } from './profile/dashboard-route'
import { saveOrSayUnreachable } from '../components/portal/save-or-say-unreachable'
import type { Route } from './+types/profile'
import { runDashboardAction, type DashboardLoaderData } from './profile/dashboard.server'

export const meta: Route.MetaFunction = () => dashboardMeta('/profile')

/** The page's data, read for the person signed in from /profile/view (the document is the same for all). */
export const clientLoader = dashboardClientLoader

export function HydrateFallback() {
  return <DashboardLoading what="dashboard" />
}


export async function action({ request }: Route.ActionArgs) {
  return runDashboardAction(request)
}

export const clientAction = saveOrSayUnreachable

/** Lists and forms re-read only what a change touched; the loader reruns after profile changes. */
export const shouldRevalidate = dashboardShouldRevalidate

export default function ClientDashboardPage() {
  const data = useLoaderData<typeof clientLoader>()
  if (!data.signedIn) return <DashboardSignedOut />
  return <Dashboard data={data} />
}

/**
 * What the dashboard opens on. The consultancy (an admin on its own dashboard): the work queue. A
 * client, or an admin acting for one: "What needs you", the jobs with their stage, a new request,
 * then the documents. The account's settings are on /profile/settings.
 */
function Dashboard({ data }: { data: Extract<DashboardLoaderData, { signedIn: true }> }) {
  const { details, clientId, isAdmin } = data
  return (
    <DashboardFrame data={data} path="/profile">
      {data.secondFactorRequired ? (
        <>
          <SecondFactorRequired />
          {/* The set-up the notice points to, right below it. */}
          <AccountSecurity key={`security-${details.userId}`} email={details.email} secondFactorRequired />
        </>
      ) : null}
      {isAdmin && !clientId ? <WorkQueuePanel clients={data.clients ?? []} /> : <ClientOverview data={data} />}
    </DashboardFrame>
  )
}

function ClientOverview({ data }: { data: Extract<DashboardLoaderData, { signedIn: true }> }) {
  const { details, clientId } = data
  const query = clientId ? `?client=${encodeURIComponent(clientId)}` : ''
  const needsYou = useJsonResource<{ items: NeedsYouItem[] }>(`/profile/needs-you${query}`)
  const jobs = useJsonResource<{ jobRequests: JobRequestRow[] }>(`/profile/job-requests${query}`)
  const documents = useJsonResource<{ files: DocumentRow[] }>(`/profile/documents${query}`)
  const { reload: reloadJobList } = jobs
  const { reload: reloadNeedsYou } = needsYou
  // A new or deleted job changes what needs the client too.
  const reloadJobs = useCallback(() => {
    reloadJobList()
    reloadNeedsYou()
  }, [reloadJobList, reloadNeedsYou])
  return (
    <>
      <NeedsYouPanel status={needsYou.status} items={needsYou.data?.items ?? null} />
      <JobRequestsTable status={jobs.status} jobRequests={jobs.data?.jobRequests ?? null} clientId={clientId} onChanged={reloadJobs} />
      <JobRequestForm key={`job-${details.userId}`} clientId={clientId} maxUploadBytes={data.maxUploadBytes} onCreated={reloadJobs} />
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
    </>
  )
}

export function ErrorBoundary() {
  return <DashboardError what="dashboard" />
}
