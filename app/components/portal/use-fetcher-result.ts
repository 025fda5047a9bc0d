import { useEffect, useRef } from 'react'

/** What a fetcher (React Router's `useFetcher`) exposes that this hook reads. */
export interface FetcherLike<T> {
  state: 'idle' | 'loading' | 'submitting'
  data: T | undefined
}

/**
 * Calls `onResult` once for each answer a fetcher receives, when it is idle again (the page's data
 * has been read again by then). An answer is handled once however often the component renders. A
 * component shown anew starts with no memory: an answer a keyed fetcher still holds is handled once
 * more then, so what `onResult` does must bear repeating (say what happened, read a list again).
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
