import { useEffect, useState } from 'react'

/**
 * How many jobs need the consultancy now, for the header's badge: read for admins only, again on
 * every page change (`page`: the count falls as the queue is worked through). Null until known, or
 * when it cannot be read (the badge is then left out, never a wrong number).
 */
export function useWorkNeedingUs(enabled: boolean, page: string): number | null {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    if (!enabled) return
    let current = true
    const show = (n: number | null) => current && setCount(n)
    fetch('/profile/work-queue/count', { credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<{ count: number }>) : null))
      .then((body) => show(body?.count ?? null), () => show(null))
    return () => {
      current = false
    }
  }, [enabled, page])
  return enabled ? count : null
}
