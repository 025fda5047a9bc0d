import { useId } from 'react'
import { Form, Link, useLocation, useNavigate } from 'react-router'
import { isJobStage, jobStages, stageLabel } from '../../../lib/job-stages'
import { needsUsLabels, readWorkQueueFilter, waitingOnClientLabels, workQueueSearch, type WorkQueue, type WorkQueueFilter } from '../../../lib/work-queue'
import { stackedTable } from '../../components/portal/stacked-table'
import { PortalTable } from '../../components/portal/portal-table'
import { buttonClass, cardClass, inputClass, labelClass, linkButtonClass, secondaryButtonClass } from '../../components/portal/styles'
import type { ClientOption } from './types'
import { useJsonResource } from './use-json-resource'
import { DateTimeText } from '../../components/portal/date-time-text'
import { UnreadCount } from '../../components/portal/unread-count'

/**
 * The consultancy's work queue, the admin's landing: every client's jobs in one list, newest
 * activity first, with why each needs the consultancy. The filters (stage, client, "needs us",
 * words of the title or reference) and the page live in the address, so a filtered queue can be
 * bookmarked, shared and gone back to.
 */
export function WorkQueuePanel({ clients }: { clients: ClientOption[] }) {
  const { search } = useLocation()
  const filter = readWorkQueueFilter(new URLSearchParams(search))
  const queue = useJsonResource<WorkQueue>(`/profile/work-queue${workQueueSearch(filter)}`)
  const filtered = Boolean(filter.stage || filter.owner || filter.needs || filter.q)

  let body: React.ReactNode
  if (queue.status === 'error') body = <p role="alert">The work queue could not be loaded. Please try again.</p>
  else if (!queue.data) body = <p aria-busy="true">Loading the work queue...</p>
  else if (queue.data.rows.length === 0) body = <p>{filtered ? 'No jobs match these filters.' : 'No jobs yet: new requests from clients appear here.'}</p>
  else body = <QueueTable queue={queue.data} filter={filter} />

  return (
    <section aria-labelledby="work-queue-title" className={cardClass}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="work-queue-title" className="text-xl font-semibold">
          Work queue
        </h2>
        {queue.data ? (
          <Link to={`/profile${workQueueSearch({ needs: true })}`} className={linkButtonClass} data-testid="needs-us-count">
            {queue.data.needsUsCount === 1 ? '1 job needs us' : `${queue.data.needsUsCount} jobs need us`}
          </Link>
        ) : null}
      </div>
      <QueueFilters key={search} filter={filter} clients={clients} filtered={filtered} />
      <div aria-live="polite" aria-busy={queue.status === 'loading'}>
        {body}
      </div>
    </section>
  )
}

function QueueFilters({ filter, clients, filtered }: { filter: WorkQueueFilter; clients: ClientOption[]; filtered: boolean }) {
  const id = useId()
  const navigate = useNavigate()
  // The address carries only the filters that are set (a plain queue is /profile), and a new filter starts on page 1.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = [...new FormData(event.currentTarget)].filter((field): field is [string, string] => typeof field[1] === 'string')
    const chosen = readWorkQueueFilter(new URLSearchParams(fields))
    void navigate(`/profile${workQueueSearch({ ...chosen, page: 1 })}`)
  }
  return (
    <Form method="get" action="/profile" onSubmit={onSubmit} role="search" aria-label="Filter the work queue" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto_auto] lg:items-end">
      <div>
        <label htmlFor={`${id}-q`} className={labelClass}>
          Search title or reference
        </label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={filter.q ?? ''} maxLength={200} className={`mt-1 ${inputClass}`} />
      </div>
      <div>
        <label htmlFor={`${id}-stage`} className={labelClass}>
          Stage
        </label>
        <select id={`${id}-stage`} name="stage" defaultValue={filter.stage ?? ''} className={`mt-1 ${inputClass}`}>
          <option value="">Any stage</option>
          {jobStages.map((stage) => (
            <option key={stage} value={stage}>
              {stageLabel(stage)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-owner`} className={labelClass}>
          Job’s client
        </label>
        <select id={`${id}-owner`} name="owner" defaultValue={filter.owner ?? ''} className={`mt-1 ${inputClass}`}>
          <option value="">Every client</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {describeClient(client)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 lg:pb-2">
        <input type="checkbox" name="needs" value="1" defaultChecked={filter.needs} className="size-4" />
        Needs us
      </label>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass}>
          Filter
        </button>
        {filtered ? (
          <Link to="/profile" className={`${secondaryButtonClass} no-underline`}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function QueueTable({ queue, filter }: { queue: WorkQueue; filter: WorkQueueFilter }) {
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize))
  const headings = ['Job', 'Client', 'Stage', 'Needs us', 'Unread', 'Last activity']
  return (
    <>
      <div role="region" aria-label="Work queue table" tabIndex={0} className="rounded-md md:overflow-auto md:border md:border-(--color-border)">
        <PortalTable columns={headings}>
          {queue.rows.map((row) => (
            <tr key={row.id} className={`${stackedTable.row} align-top`} data-testid="work-queue-row">
              <td className={stackedTable.cell} data-label="Job">
                <span>
                  <Link to={`/profile/jobs/${row.id}`} className="font-medium text-(--color-link) underline">
                    {row.title}
                  </Link>
                  {row.reference && row.reference !== row.title ? <span className="block text-(--color-light)">{row.reference}</span> : null}
                </span>
              </td>
              <td className={stackedTable.cell} data-label="Client">
                <span className="break-all">{row.client.companyName || row.client.name || row.client.email}</span>
              </td>
              <td className={stackedTable.cell} data-label="Stage">
                {stageLabel(row.stage)}
              </td>
              <td className={stackedTable.cell} data-label="Needs us">
                {row.needs.length ? (
                  <ul className="space-y-1">
                    {row.needs.map((reason) => (
                      <li key={reason} className="font-medium text-(--color-highlight)">
                        {needsUsLabels[reason]}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-(--color-light)">{(isJobStage(row.stage) && waitingOnClientLabels[row.stage]) || 'Nothing'}</span>
                )}
              </td>
              <td className={stackedTable.cell} data-label="Unread">
                <UnreadCount count={row.unread} />
              </td>
              <td className={`${stackedTable.cell} md:whitespace-nowrap`} data-label="Last activity">
                <DateTimeText value={row.lastActivityAt} />
              </td>
            </tr>
          ))}
        </PortalTable>
      </div>
      <nav aria-label="Work queue pages" className="mt-4 flex flex-wrap items-center gap-4 text-sm">
        <span>
          Page {queue.page} of {pages} ({queue.total} {queue.total === 1 ? 'job' : 'jobs'})
        </span>
        {queue.page > 1 ? (
          <Link to={`/profile${workQueueSearch({ ...filter, page: queue.page - 1 })}`} className={linkButtonClass} preventScrollReset>
            Previous page
          </Link>
        ) : null}
        {queue.page < pages ? (
          <Link to={`/profile${workQueueSearch({ ...filter, page: queue.page + 1 })}`} className={linkButtonClass} preventScrollReset>
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  )
}

function describeClient(client: ClientOption): string {
  const who = client.companyName || client.name
  return who ? `${who} (${client.email})` : client.email
}
