/**
 * What an admin account sees while it has not signed in with a second factor: admins must use one, so
 * the admin tools stay closed until it is set up (the set-up is open below, under "Two-factor
 * sign-in").
 */
export function SecondFactorRequired() {
  return (
    <section role="alert" aria-labelledby="second-factor-required-title" className="rounded-lg border border-error p-5" data-testid="second-factor-required">
      <h2 id="second-factor-required-title" className="text-xl font-semibold">
        Set up two-factor sign-in to use the admin tools
      </h2>
      <p className="mt-2">
        Your account is an admin, and admins must sign in with a second factor: an admin can read every client’s files. Set up an authenticator app under{' '}
        <a href="#two-factor" className="text-(--color-link) underline">
          Two-factor sign-in
        </a>{' '}
        below (or sign in with a passkey); the admin tools open as soon as it is on.
      </p>
    </section>
  )
}
