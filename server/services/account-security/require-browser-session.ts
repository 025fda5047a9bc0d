import { NEEDS_BROWSER_SESSION_MESSAGE } from '../../../lib/account-security-schema'
import type { Actor } from '../../auth/actor'
import { AppError } from '../../errors/app-error'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'

/**
 * The actor of a signed-in browser: the sign-in settings (factors, passkeys, sessions) change only from
 * a session, never with an API token, which a script holds and which would outlive a factor it removed.
 */
export function requireBrowserSession(actor: MaybeActor): Actor & { sessionId: string } {
  const a = requireSignedIn(actor)
  if (!a.sessionId) throw new AppError('BAD_REQUEST', NEEDS_BROWSER_SESSION_MESSAGE)
  return a as Actor & { sessionId: string }
}
