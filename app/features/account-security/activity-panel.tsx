import { useEffect, useId, useState, type FormEvent } from 'react'
import { activityActionLabels } from '../../../lib/activity-actions'
import { activityFilterSchema } from '../../../lib/activity-schema'
import { buttonClass, inputClass, labelClass, linkButtonClass, secondaryButtonClass } from '../../components/portal/styles'
import type { ActivityFilter } from '../../../lib/activity-schema'
import type { ActivityPage } from '../../../lib/activity-types'
import { fetchActivityLog, fetchMyActivity } from './account-security-api'
import { problemText } from './problem-text'
import { stackedTable } from '../../components/portal/stacked-table'
import { PortalTable } from '../../components/portal/portal-table'
import { DateTimeText } from '../../components/portal/date-time-text'

type Load = { status: 'loading' } | { status: 'ready'; page: ActivityPage } | { status: 'error'; message: string }

const emptyFilter: Required<ActivityFilter> = { account: '', action: '', from: '', to: '' }

/** The filter as query parameters (the CSV link reads the same names). */
function queryOf(filter: ActivityFilter): string {
  const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][])
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The activity log, newest first, a page at a time. `scope="own"`: the signed-in person's own
 * account (its sign-ins and failures, changes, tokens) and what admins did with their data.
 * `scope="all"` (admins): every account, filtered by account, action and days, and downloadable as
 * CSV with the same filter. Nothing here changes an entry.
 */
export function ActivityPanel({ scope }: { scope: 'own' | 'all' }) {
  const id = useId()
  const [page, setPage] = useState(1)
  const [draft, setDraft] = useState(emptyFilter)
  const [filter, setFilter] = useState<ActivityFilter>({})
  const [filterError, setFilterError] = useState<string | null>(null)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [reload, setReload] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ status: 'loading' })
    const read = scope === 'all' ? fetchActivityLog(filter, page, controller.signal) : fetchMyActivity(page, controller.signal)
    read.then(
      (result) => setLoad({ status: 'ready', page: result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: problemText(error, 'The activity could not be loaded.') })
      },
    )
    return () => controller.abort()
  }, [scope, filter, page, reload])

  function applyFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = activityFilterSchema.safeParse(draft)
    if (!parsed.success) return setFilterError(parsed.error.issues[0]!.message)
    setFilterError(null)
    setPage(1)
    setFilter(Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v)) as ActivityFilter)
  }

  const title = scope === 'all' ? 'Activity log of every account' : 'Activity'
  const ids = { title: `${id}-title`, account: `${id}-account`, action: `${id}-action`, from: `${id}-from`, to: `${id}-to`, error: `${id}-error` }
  const entries = load.status === 'ready' ? load.page.entries : []
  return (
    <section aria-labelledby={ids.title} className="flex flex-col gap-4" data-testid={scope === 'all' ? 'activity-log' : 'activity'}>
      <h3 id={ids.title} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-(--color-light)">
        {scope === 'all'
          ? 'Every account’s sign-ins, failed sign-ins and changes, and every action an admin took on a client’s data. Entries are never changed or deleted.'
          : 'Sign-ins (and failed ones) with their address and browser, changes to your password, email, factors and API tokens, and every action an admin took on your data.'}
      </p>
      {scope === 'all' ? (
        <form onSubmit={applyFilter} noValidate aria-label="Filter the activity log" className="grid gap-3 sm:grid-cols-5 sm:items-end">
          <div>
            <label htmlFor={ids.account} className={labelClass}>
              Account (email)
            </label>
            <input id={ids.account} className={`mt-1 ${inputClass}`} value={draft.account} onChange={(e) => setDraft((d) => ({ ...d, account: e.target.value }))} />
          </div>
          <div>
            <label htmlFor={ids.action} className={labelClass}>
              Action
            </label>
            <select id={ids.action} className={`mt-1 ${inputClass}`} value={draft.action} onChange={(e) => setDraft((d) => ({ ...d, action: e.target.value }))}>
              <option value="">Any</option>
              {Object.entries(activityActionLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.from} className={labelClass}>
              From
            </label>
            <input id={ids.from} type="date" className={`mt-1 ${inputClass}`} value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
          </div>
          <div>
            <label htmlFor={ids.to} className={labelClass}>
              To
            </label>
            <input id={ids.to} type="date" className={`mt-1 ${inputClass}`} value={draft.to} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass}>
              Filter
            </button>
            <a className={linkButtonClass} href={`/profile/activity.csv${queryOf(filter)}`} download data-testid="activity-csv">
              Download CSV
            </a>
          </div>
          {filterError ? (
            <p id={ids.error} role="alert" className="text-sm text-error sm:col-span-5">
              {filterError}
            </p>
          ) : null}
        </form>
      ) : null}
      {load.status === 'error' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert">{load.message}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => setReload((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : load.status === 'loading' && entries.length === 0 ? (
        <p aria-busy="true">Loading activity…</p>
      ) : entries.length === 0 ? (
        <p>Nothing recorded{scope === 'all' && Object.keys(filter).length ? ' for this filter' : ''}.</p>
      ) : (
        <div className="md:overflow-x-auto md:rounded-md md:border md:border-(--color-border)">
          <PortalTable columns={['When', 'What happened', scope === 'all' && 'Account', 'Where from', 'Details']} className="md:min-w-[44rem]" labelledBy={ids.title}>
            {entries.map((entry) => (
              <tr key={entry.id} className={`${stackedTable.row} align-top`} data-testid="activity-row" data-action={entry.action}>
                <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="When">
                  <DateTimeText value={entry.at} />
                </td>
                <td className={stackedTable.cell} data-label="What happened">
                  {entry.label}
                  {entry.byEmail ? <span className="block text-(--color-light)">by {entry.byEmail}</span> : null}
                </td>
                {scope === 'all' ? <td className={`${stackedTable.cell} break-all`} data-label="Account">{entry.accountEmail ?? '—'}</td> : null}
                <td className={stackedTable.cell} data-label="Where from">
                  {entry.place ? `${entry.place} (${entry.ipAddress})` : entry.kind === 'admin' ? 'The consultancy' : '—'}
                  {entry.browser ? <span className="block text-(--color-light)">{entry.browser}</span> : null}
                </td>
                <td className={`${stackedTable.cell} break-all`} data-label="Details">{entry.details}</td>
              </tr>
            ))}
          </PortalTable>
        </div>
      )}
      {load.status === 'ready' && (page > 1 || load.page.hasMore) ? (
        <nav aria-label={`Pages of the ${title.toLowerCase()}`} className="flex items-center gap-3">
          <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </button>
          <span className="text-sm">Page {page}</span>
          <button type="button" className={secondaryButtonClass} disabled={!load.page.hasMore} onClick={() => setPage((p) => p + 1)}>
            Older
          </button>
        </nav>
      ) : null}
    </section>
  )
}
