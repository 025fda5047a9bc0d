import { ChangeEmailForm } from './change-email-form'
import { ChangePasswordForm } from './change-password-form'
import { cardClass, cardTitleClass } from './styles'

/**
 * "Sign-in and security": the signed-in person's own sign-in email and password. Shown only on
 * their own dashboard; an admin acting for a client does not see it (an admin changes only their own).
 */
export function AccountSecurity({ email }: { email: string }) {
  return (
    <section id="sign-in-and-security" aria-labelledby="security-title" className={`scroll-mt-40 ${cardClass}`}>
      <h2 id="security-title" className={cardTitleClass}>
        Sign-in and security
      </h2>
      <div className="grid gap-8 md:grid-cols-2">
        <ChangeEmailForm email={email} />
        <ChangePasswordForm email={email} />
      </div>
    </section>
  )
}
