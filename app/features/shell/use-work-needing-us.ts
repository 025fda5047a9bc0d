import { useEffect, useState } from 'react'

/**
 * How many jobs need the consultancy now, for the header's badge: read for admins only, again on
 * every page change (the count falls as the queue is worked through). Null until known, or when the
 * count cannot be read (the badge is then left out, never a wrong number).
 */
export function useWorkNeedingUs(enabled: boolean, pathname: string, search: string): number | null {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    fetch('/profile/work-queue/count', { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
      .then(async (res) => (res.ok ? ((await res.json()) as { count: number }).count : null))
      .then((n) => setCount(typeof n === 'number' ? n : null))
      .catch(() => {
        if (!controller.signal.aborted) setCount(null)
      })
    return () => controller.abort()
  }, [enabled, pathname, search])
  return enabled ? count : null
}
