import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { useStatus } from '../dashboard/use-status'
import type { JobActionResult } from './job-types'

/**
 * A form of the job page: posts its intent to the page's action, shows "done" or the failure in a
 * status line that clears after the status time-out, and hands field errors to the form. The page's
 * data is read again after every post, so the timeline, quote and thread show the change.
 */
export function useJobAction(key: string, done: string, onDone?: () => void) {
  const fetcher = useFetcher<JobActionResult>({ key })
  const { status, show } = useStatus()
  const handled = useRef<unknown>(null)
  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || !result || handled.current === result) return
    handled.current = result
    if (result.ok) {
      show(done, 'success')
      onDone?.()
    } else if (!result.fieldErrors) show(result.message ?? 'Update failed', 'error')
  }, [fetcher.state, fetcher.data, show, done, onDone])
  const errors = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  return { fetcher, status, errors, busy: fetcher.state !== 'idle' }
}
