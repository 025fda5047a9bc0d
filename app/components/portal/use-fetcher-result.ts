import { useEffect, useRef } from 'react'

/** What a fetcher (React Router's `useFetcher`) exposes that this hook reads. */
export interface FetcherLike<T> {
  state: 'idle' | 'loading' | 'submitting'
  data: T | undefined
}

/**
 * Calls `onResult` once for each answer a fetcher receives, when it is idle again (the page's data
 * has been read again by then). An answer is handled once even when the component renders again, and
 * the fetcher's older answer is not handled twice when the form is shown anew.
 */
export function useFetcherResult<T>(fetcher: FetcherLike<T>, onResult: (result: T) => void) {
  const handled = useRef<T | undefined>(undefined)
  const latest = useRef(onResult)
  latest.current = onResult
  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || result === undefined || result === null || handled.current === result) return
    handled.current = result
    latest.current(result)
  }, [fetcher.state, fetcher.data])
}
