import { useState } from 'react'
import { useFetcher } from 'react-router'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { StatusMessage } from './status-message'
import { cardClass, cardTitleClass } from './styles'
import type { DashboardActionResult } from './types'
import { useStatus } from './use-status'

/**
 * The client's choice of job mail: stage changes and the consultancy's messages can be turned off;
 * quotes and released results are always mailed. Saved as soon as it changes.
 */
export function JobMailsToggle({ enabled, clientId }: { enabled: boolean; clientId: string | null }) {
  const fetcher = useFetcher<DashboardActionResult>({ key: 'set-job-mails' })
  const { status, show } = useStatus()
  useFetcherResult(fetcher, (data) => {
    show(data.ok ? 'Saved' : 'Update failed', data.ok ? 'success' : 'error')
    if (!data.ok) setChecked(enabled)
  })
  // The box shows the choice at once; a failed save puts it back.
  const [checked, setChecked] = useState(enabled)
  return (
    <section aria-labelledby="job-mails-title" className={cardClass}>
      <h2 id="job-mails-title" className={cardTitleClass}>
        Job emails
      </h2>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={checked}
          onChange={(e) => {
            setChecked(e.target.checked)
            void fetcher.submit({ intent: 'set-job-mails', enabled: String(e.target.checked), ...(clientId ? { clientId } : {}) }, { method: 'post', action: '/profile' })
          }}
        />
        <span>
          Email me when one of my jobs changes stage or the consultancy writes on it.
          <span className="block text-sm text-(--color-light)">Quotes and released results are always emailed.</span>
        </span>
      </label>
      <StatusMessage status={status} testId="job-mails-status" />
    </section>
  )
}
