import { useEffect, useId, useRef, useState } from 'react'
import { signInMethodLabels } from '../../../lib/activity-actions'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { StatusMessage } from '../../components/portal/status-message'
import { secondaryButtonClass } from '../../components/portal/styles'
import { useStatus } from '../../components/portal/use-status'
import type { SessionInfo } from '../../../lib/account-security-types'
import { endOtherSessions, endSession, fetchSessions } from './account-security-api'
import { problemText } from './problem-text'
import { stackedTable } from '../../components/portal/stacked-table'
import { PortalTable } from '../../components/portal/portal-table'
import { DateTimeText } from '../../components/portal/date-time-text'

/**
 * "Where you're signed in": each session with its browser, system, approximate place and address,
 * how it was signed in, and when it was first and last used; any other one can be ended, or all of
 * them at once. An ended session's browser is signed out at its next request. `version` changes when
 * a change elsewhere ended sessions (a new factor): the list is read again.
 */
export function SessionsPanel({ version }: { version: number }) {
  const id = useId()
  const [rows, setRows] = useState<SessionInfo[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [reload, setReload] = useState(0)
  const [working, setWorking] = useState<string | null>(null)
  const status = useStatus()
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    setFailed(false)
    fetchSessions(controller.signal).then(setRows, () => {
      if (!controller.signal.aborted) setFailed(true)
    })
    return () => controller.abort()
  }, [version, reload])

  async function run(key: string, work: () => Promise<string>) {
    setWorking(key)
    try {
      status.show(await work(), 'success')
      setReload((n) => n + 1)
    } catch (error) {
      status.show(problemText(error, 'The session could not be ended. Please try again.'), 'error')
    } finally {
      setWorking(null)
      headingRef.current?.focus()
    }
  }

  const others = rows?.filter((r) => !r.current) ?? []
  return (
    <section id="sessions" aria-labelledby={`${id}-title`} className="flex scroll-mt-40 flex-col gap-4 border-t border-(--color-border) pt-6" data-testid="sessions">
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        Where you’re signed in
      </h3>
      {failed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert">The sessions could not be loaded.</p>
          <button type="button" className={secondaryButtonClass} onClick={() => setReload((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : !rows ? (
        <p aria-busy="true">Loading sessions…</p>
      ) : (
        <div className="md:overflow-x-auto md:rounded-md md:border md:border-(--color-border)">
          <PortalTable columns={['Browser and system', 'Place (address)', 'Signed in', 'Last used']} actions className="md:min-w-[40rem]" labelledBy={`${id}-title`}>
            {rows.map((row) => (
              <tr key={row.id} className={`${stackedTable.row} align-top`} data-testid="session-row" data-current={row.current}>
                <td className={stackedTable.cell} data-label="Browser and system">
                  {row.browser} on {row.system}
                  {row.current ? <span className="ml-2 rounded bg-(--color-shade) px-1.5 py-0.5 text-xs">This browser</span> : null}
                </td>
                <td className={stackedTable.cell} data-label="Place (address)">
                  {row.place}
                  {row.ipAddress ? <span className="block text-(--color-light)">{row.ipAddress}</span> : null}
                </td>
                <td className={stackedTable.cell} data-label="Signed in">
                  <DateTimeText value={row.createdAt} />
                  <span className="block text-(--color-light)">with {signInMethodLabels[row.signInMethod] ?? row.signInMethod}</span>
                </td>
                <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="Last used">
                  <DateTimeText value={row.lastUsedAt} />
                </td>
                <td className={stackedTable.cell}>
                  {row.current ? null : (
                    <ConfirmDelete
                      verb="End"
                      what={`the session of ${row.browser} on ${row.system} (${row.place})`}
                      consequence="That browser is signed out at once."
                      disabled={working !== null}
                      onConfirm={() => void run(row.id, async () => (await endSession(row.id), `The session of ${row.browser} on ${row.system} was ended.`))}
                    >
                      {working === row.id ? 'Ending…' : 'End'}
                    </ConfirmDelete>
                  )}
                </td>
              </tr>
            ))}
          </PortalTable>
        </div>
      )}
      {others.length > 0 ? (
        <div>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={working !== null}
            onClick={() => void run('others', async () => `${await endOtherSessions()} other session(s) signed out.`)}
          >
            {working === 'others' ? 'Signing out…' : 'Sign out all other sessions'}
          </button>
        </div>
      ) : null}
      <StatusMessage status={status.status} testId="sessions-status" />
    </section>
  )
}
