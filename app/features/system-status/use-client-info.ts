import { useEffect, useState } from 'react'
import type { ClientInfo } from '../../../lib/user-agent'

/** Operating system, browser and device type; the parser is loaded after hydration, off the critical path. */
export function useClientInfo(): ClientInfo | null {
  const [info, setInfo] = useState<ClientInfo | null>(null)
  useEffect(() => {
    let active = true
    void import('../../../lib/user-agent').then(({ describeUserAgent }) => {
      if (active) setInfo(describeUserAgent(navigator.userAgent))
    })
    return () => {
      active = false
    }
  }, [])
  return info
}
