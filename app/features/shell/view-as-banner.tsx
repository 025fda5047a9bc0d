import { useState } from 'react'
import { useSession } from '../../components/layout/use-session'

/**
 * While an admin views the portal as a client: says so on every page, and stops it (the page is
 * then read again as the admin).
 */
export function ViewAsBanner() {
  const { user } = useSession()
  const [stopping, setStopping] = useState(false)
  if (!user?.viewingAs) return null
  const stop = async () => {
    setStopping(true)
    await fetch('/api/view-as/stop', { method: 'POST', credentials: 'same-origin' }).catch(() => null)
    window.location.assign(`/profile?client=${encodeURIComponent(user.id)}`)
  }
  return (
    <div role="status" data-testid="view-as-banner" className="flex flex-wrap items-center justify-center gap-3 bg-(--color-highlight) px-4 py-2 text-sm font-medium text-(--color-background)">
      <span>
        You are viewing the portal as {user.email}, read-only. Nothing can be changed until you stop.
      </span>
      <button type="button" onClick={() => void stop()} disabled={stopping} className="rounded-md border border-current px-3 py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current">
        Stop viewing as {user.email}
      </button>
    </div>
  )
}
