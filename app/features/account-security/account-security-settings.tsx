import { useCallback, useEffect, useState } from 'react'
import type { AccountSecurityInfo } from '../../../lib/account-security-types'
import { fetchAccountSecurity } from './account-security-api'
import { ActivityPanel } from './activity-panel'
import { PasskeysPanel } from './passkeys-panel'
import { SessionsPanel } from './sessions-panel'
import { TwoFactorPanel } from './two-factor-panel'

/**
 * The signed-in person's factors, sessions and activity, as one block of the "Sign-in and security"
 * settings: two-factor sign-in, passkeys, where they are signed in, and their activity log. A change
 * of a factor ends other sessions and may revoke API tokens: `onFactorsChanged` tells the page.
 */
export function AccountSecuritySettings({ required, version, onFactorsChanged }: { required: boolean; version: number; onFactorsChanged: () => void }) {
  const [state, setState] = useState<AccountSecurityInfo | null>(null)
  const [reload, setReload] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    fetchAccountSecurity(controller.signal).then(setState, () => undefined)
    return () => controller.abort()
  }, [reload, version])
  const changed = useCallback(() => {
    setReload((n) => n + 1)
    onFactorsChanged()
  }, [onFactorsChanged])
  return (
    <>
      <TwoFactorPanel state={state} required={required} onChanged={changed} />
      <PasskeysPanel state={state} onChanged={changed} />
      <SessionsPanel version={version + reload} />
      <div className="border-t border-(--color-border) pt-6">
        <ActivityPanel scope="own" />
      </div>
    </>
  )
}
