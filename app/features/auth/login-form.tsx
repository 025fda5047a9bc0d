import { useEffect, useId, useState, type FormEvent } from 'react'
import { secondFactorCodeSchema } from '../../../lib/account-security-schema'
import { emailSchema, resetPasswordSchema, signInSchema, signUpSchema, verificationCodeSchema } from '../../../lib/auth-schema'
import { authenticateWithPasskey, passkeysSupported } from '../account-security/passkey-ceremony'
import { Field } from '../../components/forms'
import { callAuth, explain, PasswordChecklist, type AuthAnswer } from './auth-form'
import { completeSignIn, signInHeaders } from './use-session'

type Mode = 'sign-in' | 'sign-up' | 'verify' | 'forgot' | 'reset' | 'second-factor'

/** The password (or a mailed code) was right and the account asks for its second factor next. */
const needsSecondFactor = (answer: AuthAnswer) => answer.ok && answer.data?.twoFactorRedirect === true

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
  const [useRecoveryCode, setUseRecoveryCode] = useState(false)
  // Passkeys are offered only where the browser has WebAuthn (known after hydration).
  const [canUsePasskey, setCanUsePasskey] = useState(false)
  useEffect(() => setCanUsePasskey(passkeysSupported()), [])

  const go = (next: Mode, message: string | null = null) => {
    setMode(next)
    setError(null)
    setNotice(message)
    setOtp('')
    setUseRecoveryCode(false)
    if (next !== 'verify') setPassword('')
  }

  async function signInWithPasskey() {
    setError(null)
    setNotice(null)
    setBusy(true)
    try {
      const answer = await authenticateWithPasskey()
      const signedIn = (answer.data?.user as { email?: unknown } | undefined)?.email
      if (answer.ok && typeof signedIn === 'string') return completeSignIn(signedIn)
      setError(answer.code === 'PASSKEY_NOT_FOUND' ? 'That passkey does not belong to an account here.' : explain(answer))
    } finally {
      setBusy(false)
    }
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
        if (needsSecondFactor(answer)) return go('second-factor', 'Enter the 6-digit code from your authenticator app.')
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
        if (needsSecondFactor(answer)) return go('second-factor', 'Enter the 6-digit code from your authenticator app.')
        return completeSignIn(parsed.data.email)
      }
      if (mode === 'second-factor') {
        const parsed = secondFactorCodeSchema.safeParse(otp)
        if (!parsed.success) return setError(parsed.error.issues[0]!.message)
        const answer = await callAuth('/two-factor/verify', { code: parsed.data }, signInHeaders(email))
        if (answer.ok) return completeSignIn(email)
        if (answer.code === 'SIGN_IN_AGAIN') return go('sign-in', explain(answer))
        return setError(explain(answer))
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
      if (needsSecondFactor(signedIn)) return go('second-factor', 'Your password was changed. Enter the 6-digit code from your authenticator app.')
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
    'second-factor': 'Verify',
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
        {mode === 'second-factor' && 'Two-factor sign-in'}
      </p>
      {notice ? (
        <p className="rounded-md border border-border bg-shade px-3 py-2 text-sm text-text" role="status">
          {notice}
        </p>
      ) : null}
      <Field
        label="Email"
        inputProps={{
          id: `${id}-email`,
          name: 'email',
          type: 'email',
          autoComplete: 'email',
          required: true,
          value: email,
          readOnly: mode === 'verify' || mode === 'reset' || mode === 'second-factor',
          onChange: (e) => setEmail(e.target.value),
        }}
      />
      {mode === 'verify' || mode === 'reset' ? (
        <Field
          label="Code"
          inputProps={{
            id: `${id}-otp`,
            name: 'otp',
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            pattern: '\\d{6}',
            maxLength: 6,
            required: true,
            value: otp,
            onChange: (e) => setOtp(e.target.value.replace(/\D/g, '')),
          }}
        />
      ) : null}
      {mode === 'second-factor' ? (
        <Field
          key={useRecoveryCode ? 'recovery' : 'app'}
          label={useRecoveryCode ? 'Recovery code' : 'Code from your authenticator app'}
          inputProps={{
            id: `${id}-second-factor`,
            name: 'code',
            inputMode: useRecoveryCode ? 'text' : 'numeric',
            autoComplete: useRecoveryCode ? 'off' : 'one-time-code',
            spellCheck: false,
            maxLength: useRecoveryCode ? 20 : 6,
            required: true,
            autoFocus: true,
            value: otp,
            onChange: (e) => setOtp(useRecoveryCode ? e.target.value : e.target.value.replace(/\D/g, '')),
          }}
        />
      ) : null}
      {mode !== 'verify' && mode !== 'forgot' && mode !== 'second-factor' ? (
        <Field
          label={mode === 'reset' ? 'New password' : 'Password'}
          inputProps={{
            id: `${id}-password`,
            name: 'password',
            type: 'password',
            autoComplete: newPassword ? 'new-password' : 'current-password',
            required: true,
            value: password,
            'aria-describedby': newPassword ? `${id}-rules` : undefined,
            onChange: (e) => setPassword(e.target.value),
          }}
        >
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
        {mode === 'second-factor' ? (
          <button
            type="button"
            className={linkButton}
            onClick={() => {
              setUseRecoveryCode((v) => !v)
              setOtp('')
              setError(null)
            }}
          >
            {useRecoveryCode ? 'Use a code from your app instead' : 'Use a recovery code instead'}
          </button>
        ) : null}
        {mode === 'sign-in' ? (
          <>
            {canUsePasskey ? (
              <button type="button" className={linkButton} onClick={() => void signInWithPasskey()} disabled={busy}>
                Use a passkey
              </button>
            ) : null}
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
