import { useCallback, useState } from 'react'
import { AccountSecuritySettings } from '../account-security'
import { ApiTokensPanel } from './api-tokens-panel'
import { ChangeEmailForm } from './change-email-form'
import { ChangePasswordForm } from './change-password-form'
import { cardClass, cardTitleClass } from '../../components/portal/styles'

/**
 * "Sign-in and security": the signed-in person's own sign-in email, password, second factors,
 * sessions, activity and API tokens. Shown only on their own dashboard; an admin acting for a client
 * does not see it (an admin changes only their own, and never sees a client's tokens or sessions).
 * `secondFactorRequired`: an admin account without a second factor, whose two-factor set-up opens at once.
 */
export function AccountSecurity({ email, secondFactorRequired = false }: { email: string; secondFactorRequired?: boolean }) {
  // A new password, email or factor revokes API tokens and ends other sessions: the lists are read again.
  const [credentialsVersion, setCredentialsVersion] = useState(0)
  const credentialsChanged = useCallback(() => setCredentialsVersion((v) => v + 1), [])
  return (
    <section id="sign-in-and-security" aria-labelledby="security-title" className={`scroll-mt-40 ${cardClass}`}>
      <h2 id="security-title" className={cardTitleClass}>
        Sign-in and security
      </h2>
      <div className="grid gap-8 md:grid-cols-2">
        <ChangeEmailForm email={email} onChanged={credentialsChanged} />
        <ChangePasswordForm email={email} onChanged={credentialsChanged} />
      </div>
      <div className="mt-8 flex flex-col gap-8">
        <AccountSecuritySettings required={secondFactorRequired} version={credentialsVersion} onFactorsChanged={credentialsChanged} />
      </div>
      <ApiTokensPanel version={credentialsVersion} />
    </section>
  )
}
