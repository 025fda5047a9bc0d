import { useCallback, useEffect, useState } from 'react'
import { timings } from '../../../lib/catalogue'

/** A status line's message and how it reads (info, success or error). */
export interface Status {
  text: string
  tone: 'info' | 'success' | 'error'
}

export const noStatus: Status = { text: '', tone: 'info' }

/**
 * A dashboard status message that clears itself after the status time-out (3 s): each message
 * shown starts the clock again, so a message repeated still stays its full time. Field errors are
 * not status messages: they stay beside their field until the next attempt.
 */
export function useStatus() {
  const [status, setStatus] = useState<Status>(noStatus)
  useEffect(() => {
    if (status.text === '') return
    const timer = setTimeout(() => setStatus(noStatus), timings.statusResetMs)
    return () => clearTimeout(timer)
  }, [status])
  const show = useCallback((text: string, tone: Status['tone'] = 'info') => setStatus({ text, tone }), [])
  const clear = useCallback(() => setStatus(noStatus), [])
  return { status, show, clear }
}
