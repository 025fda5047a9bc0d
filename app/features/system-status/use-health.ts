import { useEffect, useState } from 'react'
import type { HealthResult } from './service-checks'

const REFRESH_MS = 60_000

/** GET /healthz now, every minute while the page is visible, and when the browser comes back online. */
export function useHealth(): HealthResult {
  const [result, setResult] = useState<HealthResult>({ kind: 'pending' })
  useEffect(() => {
    let controller: AbortController | undefined
    const check = async () => {
      controller?.abort()
      controller = new AbortController()
      try {
        // 503 (database unreachable) still carries the report.
        const res = await fetch('/healthz', { headers: { Accept: 'application/json' }, cache: 'no-store', signal: controller.signal })
        setResult({ kind: 'report', body: await res.json() })
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setResult({ kind: 'unreachable' })
      }
    }
    void check()
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void check()
    }, REFRESH_MS)
    window.addEventListener('online', check)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', check)
      controller?.abort()
    }
  }, [])
  return result
}
