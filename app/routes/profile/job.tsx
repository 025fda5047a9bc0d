import { formatDate } from '../../../lib/format'
import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router'
import { priorityWords } from '../../../lib/job-request-schema'
import { isJobStage } from '../../../lib/job-stages'
import { site } from '../../../lib/site'
import { cardClass } from '../../components/portal/styles'
import { JobFilesPanel } from '../../features/jobs/job-files-panel'
import { JobRecordActions } from '../../features/jobs/job-record-actions'
import { JobThread } from '../../features/jobs/job-thread'
import { JobTimeline } from '../../features/jobs/job-timeline'
import { QuoteForm } from '../../features/jobs/quote-form'
import { QuotePanel } from '../../features/jobs/quote-panel'
import { StageActions } from '../../features/jobs/stage-actions'
import { StageBadge } from '../../features/jobs/stage-badge'
import type { Route } from './+types/job'
import { runJobAction, type JobPageData } from './job.server'
import { readPortalJson } from '../../components/portal/read-portal-json'
import { errorStatus, PageFailed, PageLoading } from '../../components/portal/page-states'
import { saveOrSayUnreachable } from '../../components/portal/save-or-say-unreachable'
import { DateTimeText } from '../../components/portal/date-time-text'
import { FollowJob } from '../../features/jobs/follow-job'
import { DeliverablesPanel } from '../../features/reviews'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.view.job.job || 'Job'} | ${site.companyName}` },
  { name: 'robots', content: 'noindex' },
]

/** The job's data, read for the person signed in from its JSON endpoint (the document is the same for all). */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return readPortalJson<JobPageData>(`/profile/jobs/${encodeURIComponent(params.id)}/view`, request.signal)
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return <PageLoading width="max-w-5xl">Loading the job...</PageLoading>
}

export async function action({ request, params }: Route.ActionArgs) {
  return runJobAction(request, params.id)
}

/** A post that never reaches the server becomes a failed result the form shows; the redirect after a delete is followed. */
export const clientAction = saveOrSayUnreachable

/**
 * A job's own page: its details and stage, the moves the viewer may make, the quote, the deliverables
 * (documents with revisions, releases, decisions), the client's files, the timeline and the thread.
 * The client who owns the job and the consultancy see the same page, each with their own actions.
 */
export default function JobPage() {
  const { view, vatPercent, maxUploadBytes, maxPreviewBytes } = useLoaderData<typeof clientLoader>()
  const { clientEmail } = view
  const { job, can, side } = view
  // The thread's link to a comment pinned on a PDF's page says it opens on the document.
  const pinnedOnPages = new Set(view.review.documents.flatMap((d) => d.revisions.flatMap((r) => r.comments.filter((c) => c.view?.kind === 'page').map((c) => c.id))))
  useMarkRead(job.id, view.messages.length)
  const back = side === 'consultancy' ? `/profile?client=${encodeURIComponent(job.user)}` : '/profile'
  return (
    <section className="mx-auto max-w-5xl space-y-6 p-4 [overflow-wrap:anywhere] sm:p-6">
      <p>
        <Link to={back} className="text-(--color-link) underline">
          ← Back to the dashboard
        </Link>
      </p>
      <header className={`${cardClass} space-y-2`}>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold sm:text-3xl">{job.job || 'Job request'}</h1>
          <StageBadge stage={job.status} />
          {job.archivedAt ? <span className="text-sm text-(--color-light)">Archived</span> : null}
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {job.reference ? (
            <>
              <dt className="text-(--color-light)">Reference</dt>
              <dd>{job.reference}</dd>
            </>
          ) : null}
          {clientEmail ? (
            <>
              <dt className="text-(--color-light)">Client</dt>
              <dd>{clientEmail}</dd>
            </>
          ) : null}
          <dt className="text-(--color-light)">Priority</dt>
          <dd>
            {job.priority} ({priorityWords[Number(job.priority)] ?? ''})
          </dd>
          <dt className="text-(--color-light)">Requested</dt>
          <dd>
            <DateTimeText value={job.createdAt} />
          </dd>
          <DayEntry term="Released" value={job.releasedAt} />
          <DayEntry term="Completed" value={job.completedAt} />
        </dl>
        {job.instructions ? <p className="whitespace-pre-line">{job.instructions}</p> : null}
        {view.following === null ? null : <FollowJob following={view.following} />}
      </header>
      <QuotePanel quotes={view.quotes} canDecide={can.decide} isClient={side === 'client'} />
      <StageActions key={job.status} moves={can.move} stage={isJobStage(job.status) ? job.status : undefined} />
      {can.quote ? <QuoteForm vatPercent={vatPercent} hasQuote={view.quotes.length > 0} /> : null}
      <DeliverablesPanel jobId={job.id} review={view.review} deliverables={view.deliverables} can={can} maxUploadBytes={maxUploadBytes} maxPreviewBytes={maxPreviewBytes} />
      <div className="grid gap-6 lg:grid-cols-2">
        <JobFilesPanel files={view.files} maxPreviewBytes={maxPreviewBytes} />
        <JobTimeline events={view.timeline} />
      </div>
      <JobThread jobId={job.id} messages={view.messages} canWrite={can.message} maxUploadBytes={maxUploadBytes} maxPreviewBytes={maxPreviewBytes} pinnedOnPages={pinnedOnPages} />
      <JobRecordActions can={can} archivedAt={job.archivedAt} />
    </section>
  )
}

/**
 * The thread is read once the page shows it: told to the server by a POST of its own (reading a page
 * changes nothing), again when new messages arrive.
 */
/** A date of the job's record, once it has one. */
function DayEntry({ term, value }: { term: string; value: string | null }) {
  if (!value) return null
  return (
    <>
      <dt className="text-(--color-light)">{term}</dt>
      <dd>
        <time dateTime={value}>{formatDate(value)}</time>
      </dd>
    </>
  )
}

function useMarkRead(jobId: string, messages: number) {
  useEffect(() => {
    void fetch(`/profile/jobs/${encodeURIComponent(jobId)}/view`, { method: 'POST', credentials: 'same-origin' })
      .then((res) => res.arrayBuffer())
      .catch(() => {})
  }, [jobId, messages])
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = errorStatus(error)
  // A deleted job tells those who could see it what happened ("This job was withdrawn by the client on …").
  const gone = status === 410 && isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : null
  const message =
    typeof gone === 'string'
      ? gone
      : status === 401
        ? 'Please sign in to see this job.'
        : status === 403 || status === 404
          ? 'That job was not found.'
          : 'The job could not be loaded. Please try again.'
  return <PageFailed title="Job" message={message} />
}
