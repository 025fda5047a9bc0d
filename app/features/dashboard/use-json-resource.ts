import { useCallback, useEffect, useState } from 'react'

export type ResourceStatus = 'loading' | 'ready' | 'error'

/**
 * Reads a JSON list endpoint after the page is shown, so one failing list shows its own error
 * message instead of taking the whole dashboard down. `reload()` refreshes it after a change; the
 * rows already shown stay while it reloads, but never the rows of another URL (another client).
 */
export function useJsonResource<T>(url: string) {
  const [state, setState] = useState<{ url: string; status: ResourceStatus; data: T | null }>({ url, status: 'loading', data: null })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ url, status: 'loading', data: s.url === url ? s.data : null }))
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        const data = (await res.json()) as T
        setState({ url, status: 'ready', data })
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, status: 'error', data: null })
      })
    return () => controller.abort()
  }, [url, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const current = state.url === url ? state : { url, status: 'loading' as const, data: null }
  return { status: current.status, data: current.data, reload }
}
