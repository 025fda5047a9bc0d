import { INVALID_CODE_MESSAGE, INVALID_CREDENTIALS_MESSAGE, passwordRules, TOO_MANY_ATTEMPTS_MESSAGE } from '../../../lib/auth-schema'

/**
 * What the forms that talk to better-auth share: the sign-in dialog (login-form.tsx) and the
 * dashboard's "Sign-in and security" card (features/dashboard/account-security.tsx).
 */

export interface AuthAnswer {
  ok: boolean
  status: number
  code?: string
  message?: string
  /** The answer's JSON body (e.g. `twoFactorRedirect` after a password that needs the second factor). */
  data?: Record<string, unknown>
}

/** Calls a better-auth endpoint; answers are JSON with `code` and `message` on failure. */
export async function callAuth(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<AuthAnswer> {
  try {
    const res = await fetch(`/api/auth${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string } & Record<string, unknown>
    return { ok: res.ok, status: res.status, code: data.code, message: data.message, data }
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Please try again.' }
  }
}

/** A failure in words that never say whether an account exists. */
export function explain(answer: AuthAnswer): string {
  if (answer.status === 429) return answer.message ?? TOO_MANY_ATTEMPTS_MESSAGE
  // The server is saturated (password hashing): its message asks to try again in a few seconds.
  if (answer.status === 503 && answer.code === 'BUSY' && answer.message) return answer.message
  switch (answer.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_EMAIL':
    case 'INVALID_PASSWORD':
      return INVALID_CREDENTIALS_MESSAGE
    case 'INVALID_OTP':
    case 'OTP_EXPIRED':
    case 'TOO_MANY_ATTEMPTS':
      return INVALID_CODE_MESSAGE
    case 'PASSWORD_RULES':
      return answer.message ?? 'Please choose a stronger password'
    // The second step of a sign-in and the passkeys say what went wrong in their own words.
    case 'INVALID_CODE':
    case 'SIGN_IN_AGAIN':
    case 'USER_NOT_VERIFIED':
      return answer.message ?? 'Something went wrong. Please try again.'
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'Could not create the account. If you already have one, sign in or reset your password.'
    default:
      return answer.status === 0 ? (answer.message ?? 'Something went wrong.') : 'Something went wrong. Please try again.'
  }
}

/** Each rule of the password, ticked when met: the unmet ones are named before anything is sent. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  return (
    <ul id={id} className="mt-1 grid gap-0.5 text-sm" aria-label="It needs">
      {passwordRules.map((rule) => {
        const met = rule.test(password)
        return (
          <li key={rule.id} data-rule={rule.id} data-met={met} className={met ? 'text-green' : 'text-light'}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {rule.message}
            <span className="sr-only">{met ? ' (met)' : ' (missing)'}</span>
          </li>
        )
      })}
    </ul>
  )
}
