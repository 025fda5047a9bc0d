import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { jobMailsSchema } from '../../../lib/profile-schema'
import { ErrorList } from '../../components/forms'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { StatusMessage } from '../../components/portal/status-message'
import type { DashboardActionResult } from './types'
import { useStatus } from '../../components/portal/use-status'
import { PortalCard } from '../../components/portal/portal-card'

/**
 * The client's choice of job mail: stage changes and the consultancy's messages can be turned off;
 * quotes and released results are always mailed. Saved as soon as it changes: the box submits its
 * form, read by the job mails schema in the browser and by the action.
 */
export function JobMailsToggle({ enabled, clientId }: { enabled: boolean; clientId: string | null }) {
  const fetcher = useFetcher<DashboardActionResult>({ key: 'set-job-mails' })
  const { status, show } = useStatus()
  const [form, fields] = useForm({
    id: 'job-mails',
    // Only a refusal is handed back: a save leaves the box as the client set it (a reset would put
    // the box back to the choice the page was first shown with).
    lastResult: fetcher.state === 'idle' && fetcher.data?.result?.status === 'error' ? fetcher.data.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobMailsSchema }),
  })
  useFetcherResult(fetcher, (data) => {
    show(data.ok ? 'Saved' : 'Update failed', data.ok ? 'success' : 'error')
    if (!data.ok) setChecked(enabled)
  })
  // The box shows the choice at once; a failed save puts it back.
  const [checked, setChecked] = useState(enabled)
  return (
    <PortalCard titleId="job-mails-title" title="Job emails">
      <fetcher.Form method="post" action="/profile" {...getFormProps(form)} aria-describedby={undefined}>
        <input type="hidden" name="intent" value="set-job-mails" />
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name={fields.enabled.name}
            className="mt-1 size-4"
            checked={checked}
            aria-invalid={fields.enabled.errors ? true : undefined}
            aria-describedby={fields.enabled.errors ? fields.enabled.errorId : undefined}
            onChange={(e) => {
              setChecked(e.target.checked)
              e.currentTarget.form?.requestSubmit()
            }}
          />
          <span>
            Email me when one of my jobs changes stage or the consultancy writes on it.
            <span className="block text-sm text-(--color-light)">Quotes and released results are always emailed.</span>
          </span>
        </label>
        <ErrorList id={fields.enabled.errorId} errors={fields.enabled.errors} />
      </fetcher.Form>
      <StatusMessage status={status} testId="job-mails-status" />
    </PortalCard>
  )
}
