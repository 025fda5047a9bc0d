import { useState } from 'react'
import { secondaryButtonClass } from '../../components/portal/styles'

/** The admin opens the portal as the chosen client sees it, read-only (recorded in the audit trail). */
export function ViewAsButton({ clientId }: { clientId: string }) {
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const start = async () => {
    setBusy(true)
    setProblem(null)
    const res = await fetch('/api/view-as', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: clientId }) }).catch(() => null)
    const body = res ? ((await res.json().catch(() => ({}))) as { ok?: boolean; message?: string }) : {}
    if (body.ok) return window.location.assign('/profile')
    setBusy(false)
    setProblem(body.message ?? 'The portal could not be opened as this client. Please try again.')
  }
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => void start()} disabled={busy}>
        View as this client (read-only)
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </>
  )
}
