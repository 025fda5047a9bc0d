import { formatDate } from '../../../lib/format'
import type { JobView } from '../../../lib/job-view'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { StatusMessage } from '../../components/portal/status-message'
import { secondaryButtonClass } from '../../components/portal/styles'
import { endingMoves, StageActions } from './stage-actions'
import { useJobAction } from './use-job-action'
import { PortalCard } from '../../components/portal/portal-card'

/**
 * What may happen to the job as a whole, as the job stage table allows the viewer now, kept apart
 * from the page's main actions: cancel it or decline the request, delete it (before a quote of it is
 * accepted: "Are you sure?" first), or for the consultancy archive it or bring it back. Nothing is
 * shown that the server would refuse; an archived job says so.
 */
export function JobRecordActions({ can, archivedAt }: { can: Pick<JobView['can'], 'delete' | 'archive' | 'unarchive' | 'move'>; archivedAt: string | null }) {
  // Read once the page's data is fresh again, so the words follow what the post did.
  const archive = useJobAction('job-record', archivedAt !== null ? 'Job archived' : 'Job back among the active jobs')
  const remove = useJobAction('delete-job', 'Job request deleted')
  const ending = can.move.filter((to) => endingMoves.includes(to))
  if (!can.delete && !can.archive && !can.unarchive && ending.length === 0 && archivedAt === null) return null
  const busy = archive.busy || remove.busy
  return (
    <PortalCard titleId="job-record-title" title="This job">
      {archivedAt !== null ? (
        <p className="mb-3" data-testid="job-archived">
          Archived on {formatDate(archivedAt)}: it is kept in full, apart from the active jobs.
        </p>
      ) : null}
      {ending.length ? (
        <div className="mb-3">
          <StageActions key={ending.join()} moves={ending} kind="ending" />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {can.archive || can.unarchive ? (
          <archive.fetcher.Form method="post">
            <input type="hidden" name="intent" value={can.archive ? 'archive-job' : 'unarchive-job'} />
            <button type="submit" className={secondaryButtonClass} disabled={busy}>
              {can.archive ? 'Archive job' : 'Bring back from the archive'}
            </button>
          </archive.fetcher.Form>
        ) : null}
        {can.delete ? (
          <ConfirmDelete what="this job request" consequence="Its quotes, messages and files go with it. It cannot be undone." disabled={busy} onConfirm={() => void remove.fetcher.submit({ intent: 'delete-job' }, { method: 'post' })}>
            Delete job request
          </ConfirmDelete>
        ) : null}
      </div>
      <StatusMessage status={archive.status.text ? archive.status : remove.status} testId="job-record-status" />
    </PortalCard>
  )
}
