import { useFetcher } from 'react-router'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { useStatus } from '../../components/portal/use-status'
import type { JobActionResult } from './job-types'

/**
 * A form of the job page: posts its intent to the page's action, shows "done" or the failure in a
 * status line that clears after the status time-out, and hands the form's result (its field errors)
 * to Conform as `lastResult`. The page's data is read again after every post, so the timeline, quote
 * and thread show the change.
 */
export function useJobAction(key: string, done: string, onDone?: () => void) {
  const fetcher = useFetcher<JobActionResult>({ key })
  const { status, show } = useStatus()
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      show(done, 'success')
      onDone?.()
    } else if (result.result?.status !== 'error') show(result.message ?? 'Update failed', 'error')
  })
  return { fetcher, status, lastResult: fetcher.data?.result, busy: fetcher.state !== 'idle' }
}
