import { Link, useFetcher } from 'react-router'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { stageLabel } from '../../../lib/job-stages'
import { limits } from '../../../lib/catalogue'
import { opensInNewTab } from '../../../lib/file-types'
import { stackedTable } from '../../components/portal/stacked-table'
import { PortalTable } from '../../components/portal/portal-table'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { StatusMessage } from '../../components/portal/status-message'
import type { DashboardActionResult, JobRequestRow } from './types'
import type { ResourceStatus } from './use-json-resource'
import { useStatus } from '../../components/portal/use-status'
import { DateTimeText } from '../../components/portal/date-time-text'
import { PortalCard } from '../../components/portal/portal-card'
import { UnreadCount } from '../../components/portal/unread-count'

/**
 * Job Requests: a table of at most 500 px that scrolls, "No job requests found" when empty,
 * "Error fetching job requests" when the list cannot be read; the jobs the consultancy archived are
 * listed apart, below. Delete is offered only where the job stage table allows it (before a quote
 * of the job was accepted), and asks "Are you sure?" first.
 */
export function JobRequestsTable({ status, jobRequests, clientId, onChanged }: { status: ResourceStatus; jobRequests: JobRequestRow[] | null; clientId: string | null; onChanged: () => void }) {
  const remove = useFetcher<DashboardActionResult>({ key: 'delete-job-request' })
  const { status: message, show } = useStatus()

  useFetcherResult(remove, (data) => {
    if (data.ok) show('Job request deleted', 'success')
    else show(`The job request could not be deleted: ${data.message ?? 'please try again'}`, 'error')
    onChanged()
  })

  const onDelete = (row: JobRequestRow) => {
    void remove.submit({ intent: 'delete-job-request', id: row.id, ...(clientId ? { clientId } : {}) }, { method: 'post', action: '/profile' })
  }

  const active = jobRequests?.filter((row) => !row.archived) ?? []
  const archived = jobRequests?.filter((row) => row.archived) ?? []
  const table = (rows: JobRequestRow[], label: string, testId: string) => (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-auto rounded-md md:border md:border-(--color-border)" style={{ maxHeight: limits.jobListMaxHeightPx }} data-testid={testId}>
      <PortalTable columns={columns} actions className="md:min-w-[40rem]">
        {rows.map((row) => (
          <JobRequestTableRow key={row.id} row={row} busy={remove.state !== 'idle'} onDelete={() => onDelete(row)} />
        ))}
      </PortalTable>
    </div>
  )

  let body: React.ReactNode
  if (status === 'error') body = <p role="alert">Error fetching job requests</p>
  else if (!jobRequests) body = <p aria-busy="true">Loading job requests...</p>
  else if (jobRequests.length === 0) body = <p>No job requests found</p>
  else
    body = (
      <>
        {active.length ? table(active, 'Job requests table', 'job-requests-scroll') : <p>No active job requests</p>}
        {archived.length ? (
          <details className="mt-4">
            <summary className="cursor-pointer">Archived jobs ({archived.length})</summary>
            <div className="mt-2">{table(archived, 'Archived jobs table', 'archived-jobs-scroll')}</div>
          </details>
        ) : null}
      </>
    )

  return (
    <PortalCard titleId="job-list-title" title="Job Requests">
      {body}
      <StatusMessage status={message} testId="job-requests-status" />
    </PortalCard>
  )
}

const columns = ['Job', 'Reference', 'Instructions', 'Priority', 'Status', 'Files', 'Created', 'Unread'] as const
const cell = stackedTable.cell

/** One job of the list (a card on a phone); Delete only where the server would do it. */
function JobRequestTableRow({ row, busy, onDelete }: { row: JobRequestRow; busy: boolean; onDelete: () => void }) {
  return (
    <tr className={`${stackedTable.row} align-top`}>
      <td className={`${cell} font-medium`} data-label="Job">
        <Link to={`/profile/jobs/${row.id}`} className="text-(--color-link) underline">
          {row.job || row.reference || 'Job request'}
        </Link>
      </td>
      <td className={cell} data-label="Reference">
        {row.reference}
      </td>
      <td className={`${cell} break-words whitespace-pre-line md:max-w-xs`} data-label="Instructions">
        {row.instructions}
      </td>
      <td className={cell} data-label="Priority">
        {row.priority}
      </td>
      <td className={cell} data-label="Status">
        {stageLabel(row.status)}
      </td>
      <td className={cell} data-label="Files">
        {row.files.length === 0 ? (
          <span className="text-(--color-light)">None</span>
        ) : (
          <ul>
            {row.files.map((f) => (
              <li key={f.url}>
                {opensInNewTab(f.name) ? (
                  <a href={f.url} target="_blank" rel="noopener noreferrer" className="text-(--color-link) underline">
                    {f.name}
                  </a>
                ) : (
                  <a href={`${f.url}?download=1`} download={f.name} className="text-(--color-link) underline">
                    {f.name}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={`${cell} md:whitespace-nowrap`} data-label="Created">
        <DateTimeText value={row.createdAt} />
      </td>
      <td className={cell} data-label="Unread">
        <UnreadCount count={row.unread} className="text-sm" />
      </td>
      <td className={cell} data-label="">
        {row.canDelete ? (
          <ConfirmDelete what={`the job request ${row.job || row.reference || ''}`.trim()} onConfirm={onDelete} disabled={busy}>
            Delete
          </ConfirmDelete>
        ) : null}
      </td>
    </tr>
  )
}
