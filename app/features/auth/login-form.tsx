import { useId, useState, type FormEvent } from 'react'
import { emailSchema, resetPasswordSchema, signInSchema, signUpSchema, verificationCodeSchema } from '../../../lib/auth-schema'
import { callAuth, explain, Field, PasswordChecklist } from './auth-form'
import { completeSignIn, signInHeaders } from './use-session'

type Mode = 'sign-in' | 'sign-up' | 'verify' | 'forgot' | 'reset'

const inputClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-text placeholder:text-light/70 focus:outline-none focus:ring-2 focus:ring-highlight'
const primaryButton =
  'rounded-md bg-highlight px-4 py-2 font-semibold text-background hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60'
const secondaryButton = 'rounded-md border border-border px-4 py-2 text-text hover:bg-shade'
const linkButton = 'text-sm text-link underline-offset-2 hover:underline'

/** The body of the modal sign-in dialog: sign in, sign up, verify by code, and reset a password by code. */
export function LoginForm({ onCancel }: { onCancel: () => void }) {
  const id = useId()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [otp, setOtp] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const go = (next: Mode, message: string | null = null) => {
    setMode(next)
    setError(null)
    setNotice(message)
    setOtp('')
    if (next !== 'verify') setPassword('')
  }

  async function sendVerificationCode(address: string) {
    const answer = await callAuth('/email-otp/send-verification-otp', { email: address, type: 'email-verification' })
    if (!answer.ok && answer.status === 429) setError(explain(answer))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setNotice(null)
    setBusy(true)
    try {
      if (mode === 'sign-in') {
        const parsed = signInSchema.safeParse({ email, password })
        if (!parsed.success) return setError(parsed.error.issues[0]!.message)
        const answer = await callAuth('/sign-in/email', parsed.data, signInHeaders(parsed.data.email))
        if (answer.ok) return completeSignIn(parsed.data.email)
        if (answer.code === 'EMAIL_NOT_VERIFIED') {
          await sendVerificationCode(parsed.data.email)
          return go('verify', `Please verify your email first: we sent a code to ${parsed.data.email}.`)
        }
        return setError(explain(answer))
      }
      if (mode === 'sign-up') {
        const parsed = signUpSchema.safeParse({ email, password })
        if (!parsed.success) return setError(parsed.error.issues[0]!.message)
        const answer = await callAuth('/sign-up/email', { ...parsed.data, name: parsed.data.email.split('@')[0] })
        if (!answer.ok) return setError(explain(answer))
        return go('verify', `We sent a 6-digit code to ${parsed.data.email}. It expires in 10 minutes.`)
      }
      if (mode === 'verify') {
        // The password typed on the sign-up or sign-in form goes with the code: whoever proves the
        // address sets the account's password, so one chosen by someone else never opens it.
        const parsed = verificationCodeSchema.safeParse({ email, otp, password })
        if (!parsed.success) return setError(parsed.error.issues[0]!.message)
        const answer = await callAuth('/email-otp/verify-email', parsed.data, signInHeaders(parsed.data.email))
        if (!answer.ok) return setError(explain(answer))
        return completeSignIn(parsed.data.email)
      }
      if (mode === 'forgot') {
        const parsed = emailSchema.safeParse(email)
        if (!parsed.success) return setError(parsed.error.issues[0]!.message)
        const answer = await callAuth('/email-otp/request-password-reset', { email: parsed.data })
        if (!answer.ok && answer.status === 429) return setError(explain(answer))
        // The same words whether or not the account exists.
        return go('reset', `If an account uses ${parsed.data}, a 6-digit code is on its way.`)
      }
      const parsed = resetPasswordSchema.safeParse({ email, otp, password })
      if (!parsed.success) return setError(parsed.error.issues[0]!.message)
      const answer = await callAuth('/email-otp/reset-password', parsed.data)
      if (!answer.ok) return setError(explain(answer))
      const signedIn = await callAuth('/sign-in/email', { email: parsed.data.email, password: parsed.data.password }, signInHeaders(parsed.data.email))
      if (signedIn.ok) return completeSignIn(parsed.data.email)
      return go('sign-in', 'Your password was changed. Please sign in.')
    } finally {
      setBusy(false)
    }
  }

  const titles: Record<Mode, string> = {
    'sign-in': 'Sign in',
    'sign-up': 'Create account',
    verify: 'Verify',
    forgot: 'Send code',
    reset: 'Set new password',
  }
  const newPassword = mode === 'sign-up' || mode === 'reset'

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="login-form" data-mode={mode}>
      <p className="text-sm font-semibold uppercase tracking-wide text-highlight" aria-live="polite">
        {mode === 'sign-in' && 'Sign in with your email'}
        {mode === 'sign-up' && 'Create an account'}
        {mode === 'verify' && 'Enter the code from your email'}
        {mode === 'forgot' && 'Reset your password'}
        {mode === 'reset' && 'Choose a new password'}
      </p>
      {notice ? (
        <p className="rounded-md border border-border bg-shade px-3 py-2 text-sm text-text" role="status">
          {notice}
        </p>
      ) : null}
      <Field label="Email" id={`${id}-email`}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          readOnly={mode === 'verify' || mode === 'reset'}
          onChange={(e) => setEmail(e.target.value)}
          className={inputClass}
        />
      </Field>
      {mode === 'verify' || mode === 'reset' ? (
        <Field label="Code" id={`${id}-otp`}>
          <input
            id={`${id}-otp`}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            className={inputClass}
          />
        </Field>
      ) : null}
      {mode !== 'verify' && mode !== 'forgot' ? (
        <Field label={mode === 'reset' ? 'New password' : 'Password'} id={`${id}-password`}>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            required
            value={password}
            aria-describedby={newPassword ? `${id}-rules` : undefined}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
          {newPassword ? <PasswordChecklist password={password} id={`${id}-rules`} /> : null}
        </Field>
      ) : null}
      {error ? (
        <p className="rounded-md border border-red/60 px-3 py-2 text-sm text-red" role="alert" data-testid="login-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Please wait…' : titles[mode]}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 border-t border-border pt-3">
        {mode !== 'sign-in' ? (
          <button type="button" className={linkButton} onClick={() => go('sign-in')}>
            Back to sign in
          </button>
        ) : null}
        {mode === 'sign-in' ? (
          <>
            <button type="button" className={linkButton} onClick={() => go('sign-up')}>
              Create an account
            </button>
            <button type="button" className={linkButton} onClick={() => go('forgot')}>
              Forgot password?
            </button>
          </>
        ) : null}
        {mode === 'verify' ? (
          <button
            type="button"
            className={linkButton}
            onClick={() => {
              void sendVerificationCode(emailSchema.safeParse(email).data ?? email)
              setNotice('A new code is on its way.')
            }}
          >
            Send a new code
          </button>
        ) : null}
      </div>
    </form>
  )
}
