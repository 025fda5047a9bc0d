import { useState } from 'react'
import { ApiTokensPanel } from './api-tokens-panel'
import { ChangeEmailForm } from './change-email-form'
import { ChangePasswordForm } from './change-password-form'
import { cardClass, cardTitleClass } from './styles'

/**
 * "Sign-in and security": the signed-in person's own sign-in email, password and API tokens. Shown
 * only on their own dashboard; an admin acting for a client does not see it (an admin changes only
 * their own, and never sees a client's tokens).
 */
export function AccountSecurity({ email }: { email: string }) {
  // A new password or email revokes every API token on the server: the token list is read again.
  const [credentialsVersion, setCredentialsVersion] = useState(0)
  const credentialsChanged = () => setCredentialsVersion((v) => v + 1)
  return (
    <section id="sign-in-and-security" aria-labelledby="security-title" className={`scroll-mt-40 ${cardClass}`}>
      <h2 id="security-title" className={cardTitleClass}>
        Sign-in and security
      </h2>
      <div className="grid gap-8 md:grid-cols-2">
        <ChangeEmailForm email={email} onChanged={credentialsChanged} />
        <ChangePasswordForm email={email} onChanged={credentialsChanged} />
      </div>
      <ApiTokensPanel version={credentialsVersion} />
    </section>
  )
}
