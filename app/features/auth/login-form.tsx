import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { secondFactorSchema } from '../../../lib/account-security-schema'
import { emailSchema, passwordResetRequestSchema, resetPasswordSchema, signInSchema, signUpSchema, verificationCodeSchema } from '../../../lib/auth-schema'
import type { z } from '../../../lib/zod'
import { ErrorList, Field, type FieldProps } from '../../components/forms'
import { authenticateWithPasskey, callAuth, explain, passkeysSupported, PasswordChecklist, type AuthAnswer } from '../account-security'
import { completeSignIn, signInHeaders } from '../../components/layout/use-session'
import { useSchemaForm } from '../../components/use-schema-form'

type Mode = 'sign-in' | 'sign-up' | 'verify' | 'forgot' | 'reset' | 'second-factor'

/** Each step's schema; the step's form holds its fields (a field kept from an earlier step is hidden or read-only). */
const schemas = {
  'sign-in': signInSchema,
  'sign-up': signUpSchema,
  verify: verificationCodeSchema,
  forgot: passwordResetRequestSchema,
  reset: resetPasswordSchema,
  'second-factor': secondFactorSchema,
} as const satisfies Record<Mode, z.ZodType>
type Value<M extends Mode> = z.output<(typeof schemas)[M]>

/** The password (or a mailed code) was right and the account asks for its second factor next. */
const needsSecondFactor = (answer: AuthAnswer) => answer.ok && answer.data?.twoFactorRedirect === true

/** The field an auth API refusal is about; null for one about the form as a whole (never which of email and password was wrong). */
function refusedField(answer: AuthAnswer): string | null {
  if (answer.code === 'INVALID_OTP' || answer.code === 'OTP_EXPIRED' || answer.code === 'TOO_MANY_ATTEMPTS') return 'otp'
  if (answer.code === 'INVALID_CODE') return 'code'
  if (answer.code === 'PASSWORD_RULES') return 'password'
  return null
}

/** A field's first error: one reason at a time, the one to fix first. */
const first = (errors: string[] | undefined) => errors?.slice(0, 1)

const digits = (value: string) => value.replace(/\D/g, '')

/** A problem of the form as a whole, outside a submission (a passkey, a new code), as Conform keeps it. */
const formProblem = (message: string): SubmissionResult<string[]> => ({ status: 'error', error: { '': [message] } })

const primaryButton =
  'rounded-md bg-highlight px-4 py-2 font-semibold text-background hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60'
const secondaryButton = 'rounded-md border border-border px-4 py-2 text-text hover:bg-shade'
const linkButton = 'text-sm text-link underline-offset-2 hover:underline'

/**
 * The body of the modal sign-in dialog: sign in, sign up, verify by code, and reset a password by
 * code. Each step is the one Conform form read by that step's schema of lib/auth-schema.ts; the auth
 * API's refusal of a field (a wrong code, a weak password) shows beside it, any other in the alert.
 */
export function LoginForm({ onCancel }: { onCancel: () => void }) {
  const id = useId()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [otp, setOtp] = useState('')
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>(undefined)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [useRecoveryCode, setUseRecoveryCode] = useState(false)
  // Passkeys are offered only where the browser has WebAuthn (known after hydration).
  const [canUsePasskey, setCanUsePasskey] = useState(false)
  useEffect(() => setCanUsePasskey(passkeysSupported()), [])

  const [form, fields] = useSchemaForm(schemas[mode], {
    // A new step is a new form: no error of the last one stays.
    id: `${id}-login-${mode}${useRecoveryCode ? '-recovery' : ''}`,
    lastResult,
    asTyped: true,
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (busy) return
      setNotice(null)
      if (submission?.status !== 'success') return
      setBusy(true)
      try {
        const refusal = await send(mode, submission.value as never)
        if (refusal) {
          const field = refusedField(refusal)
          setLastResult(field ? submission.reply({ fieldErrors: { [field]: [explain(refusal)] } }) : submission.reply({ formErrors: [explain(refusal)] }))
        }
      } finally {
        setBusy(false)
      }
    },
  })

  const go = (next: Mode, message: string | null = null) => {
    setMode(next)
    setLastResult(undefined)
    setNotice(message)
    setOtp('')
    setUseRecoveryCode(false)
    if (next !== 'verify') setPassword('')
  }

  async function signInWithPasskey() {
    setLastResult(undefined)
    setNotice(null)
    setBusy(true)
    try {
      const answer = await authenticateWithPasskey()
      const signedIn = (answer.data?.user as { email?: unknown } | undefined)?.email
      if (answer.ok && typeof signedIn === 'string') return completeSignIn(signedIn)
      setLastResult(formProblem(answer.code === 'PASSKEY_NOT_FOUND' ? 'That passkey does not belong to an account here.' : explain(answer)))
    } finally {
      setBusy(false)
    }
  }

  async function sendVerificationCode(address: string) {
    const answer = await callAuth('/email-otp/send-verification-otp', { email: address, type: 'email-verification' })
    if (!answer.ok && answer.status === 429) setLastResult(formProblem(explain(answer)))
  }

  /** The step's call once its fields pass the schema: the auth API's refusal, or nothing when it moved on. */
  async function send<M extends Mode>(step: M, value: Value<M>): Promise<AuthAnswer | void> {
    if (step === 'sign-in') {
      const { email } = value as Value<'sign-in'>
      const answer = await callAuth('/sign-in/email', value, signInHeaders(email))
      if (needsSecondFactor(answer)) return go('second-factor', 'Enter the 6-digit code from your authenticator app.')
      if (answer.ok) return completeSignIn(email)
      if (answer.code === 'EMAIL_NOT_VERIFIED') {
        await sendVerificationCode(email)
        return go('verify', `Please verify your email first: we sent a code to ${email}.`)
      }
      return answer
    }
    if (step === 'sign-up') {
      const { email } = value as Value<'sign-up'>
      const answer = await callAuth('/sign-up/email', { ...value, name: email.split('@')[0] })
      if (!answer.ok) return answer
      return go('verify', `We sent a 6-digit code to ${email}. It expires in 10 minutes.`)
    }
    if (step === 'verify') {
      // The password typed on the sign-up or sign-in form goes with the code: whoever proves the
      // address sets the account's password, so one chosen by someone else never opens it.
      const { email } = value as Value<'verify'>
      const answer = await callAuth('/email-otp/verify-email', value, signInHeaders(email))
      if (!answer.ok) return answer
      if (needsSecondFactor(answer)) return go('second-factor', 'Enter the 6-digit code from your authenticator app.')
      return completeSignIn(email)
    }
    if (step === 'second-factor') {
      const answer = await callAuth('/two-factor/verify', value, signInHeaders(email))
      if (answer.ok) return completeSignIn(email)
      if (answer.code === 'SIGN_IN_AGAIN') return go('sign-in', explain(answer))
      return answer
    }
    if (step === 'forgot') {
      const { email } = value as Value<'forgot'>
      const answer = await callAuth('/email-otp/request-password-reset', value)
      if (!answer.ok && answer.status === 429) return answer
      // The same words whether or not the account exists.
      return go('reset', `If an account uses ${email}, a 6-digit code is on its way.`)
    }
    const reset = value as Value<'reset'>
    const answer = await callAuth('/email-otp/reset-password', reset)
    if (!answer.ok) return answer
    const signedIn = await callAuth('/sign-in/email', { email: reset.email, password: reset.password }, signInHeaders(reset.email))
    if (needsSecondFactor(signedIn)) return go('second-factor', 'Your password was changed. Enter the 6-digit code from your authenticator app.')
    if (signedIn.ok) return completeSignIn(reset.email)
    return go('sign-in', 'Your password was changed. Please sign in.')
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
  /** A required control of the step: its id, its name and first error, and its value, held here so it outlives the step. */
  const field = (name: 'email' | 'otp' | 'code' | 'password', idSuffix: string, value: string, set: (value: string) => void, props: FieldProps['inputProps']) => ({
    errors: first(fields[name].errors),
    inputProps: { id: `${id}-${idSuffix}`, name, required: true, value, onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.target.value), ...props },
  })

  return (
    <form {...getFormProps(form)} aria-describedby={undefined} className="flex flex-col gap-4" data-testid="login-form" data-mode={mode}>
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
        {...field('email', 'email', email, setEmail, { type: 'email', autoComplete: 'email', readOnly: mode === 'verify' || mode === 'reset' || mode === 'second-factor' })}
      />
      {mode === 'verify' || mode === 'reset' ? (
        <Field label="Code" {...field('otp', 'otp', otp, (value) => setOtp(digits(value)), { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '\\d{6}', maxLength: 6 })} />
      ) : null}
      {mode === 'second-factor' ? (
        <Field
          key={useRecoveryCode ? 'recovery' : 'app'}
          label={useRecoveryCode ? 'Recovery code' : 'Code from your authenticator app'}
          {...field('code', 'second-factor', otp, (value) => setOtp(useRecoveryCode ? value : digits(value)), {
            inputMode: useRecoveryCode ? 'text' : 'numeric',
            autoComplete: useRecoveryCode ? 'off' : 'one-time-code',
            spellCheck: false,
            maxLength: useRecoveryCode ? 20 : 6,
            autoFocus: true,
          })}
        />
      ) : null}
      {mode !== 'verify' && mode !== 'forgot' && mode !== 'second-factor' ? (
        <Field
          label={mode === 'reset' ? 'New password' : 'Password'}
          {...field('password', 'password', password, setPassword, {
            type: 'password',
            autoComplete: newPassword ? 'new-password' : 'current-password',
            'aria-describedby': newPassword ? `${id}-rules` : undefined,
          })}
        >
          {newPassword ? <PasswordChecklist password={password} id={`${id}-rules`} /> : null}
        </Field>
      ) : null}
      {/* The verification sets the password typed on the step before. */}
      {mode === 'verify' ? <input type="hidden" name="password" value={password} /> : null}
      <div role="alert" data-testid="login-error" className={form.errors?.length ? 'rounded-md border border-red/60 px-3 py-2 text-sm text-red' : undefined}>
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
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
              setLastResult(undefined)
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
