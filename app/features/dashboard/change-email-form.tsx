import { useId, useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import {
  EMAIL_IN_USE_MESSAGE,
  emailChangeCodeSchema,
  emailChangeRequestSchema,
  INVALID_CODE_MESSAGE,
  LOGIN_EMAIL_STORAGE_KEY,
  SAME_EMAIL_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../lib/auth-schema'
import { callAuth, explain } from '../auth/auth-form'
import { refreshSession } from '../auth/use-session'
import { Field } from '../../components/forms'
import { FormStatus, generalProblem, useSecurityForm } from './security-form-parts'
import { buttonClass, secondaryButtonClass } from './styles'

type EmailField = 'newEmail' | 'currentPassword' | 'otp'
const fieldOrder: EmailField[] = ['newEmail', 'currentPassword', 'otp']

/**
 * Changing the sign-in email in two steps: the new address and the current password send a code to
 * the new address (POST /api/auth/email-otp/request-email-change); the code confirms the change
 * (POST /api/auth/email-otp/change-email). The server sends no code to an address that already
 * has an account, and says so only once a valid code is given, so the words here do not either.
 */
export function ChangeEmailForm({ email, onChanged }: { email: string; /** After the change: the server revoked every API token. */ onChanged?: () => void }) {
  const id = useId()
  const revalidator = useRevalidator()
  const [step, setStep] = useState<'request' | 'confirm'>('request')
  const [newEmail, setNewEmail] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [otp, setOtp] = useState('')
  /** The normalised address the code was sent to. */
  const [pending, setPending] = useState('')
  const form = useSecurityForm(fieldOrder)
  const { busy, fail, setStatus, focusField } = form

  async function sendCode() {
    const parsed = emailChangeRequestSchema(email).safeParse({ newEmail, currentPassword })
    if (!parsed.success) return form.showIssues(parsed.error)
    const answer = await form.whileBusy(() => callAuth('/email-otp/request-email-change', parsed.data))
    if (answer.ok) {
      setPending(parsed.data.newEmail)
      setCurrentPassword('')
      setOtp('')
      setStep('confirm')
      // Focus moves to the code field, whose description says where the code went.
      focusField('otp')
      return
    }
    const general = generalProblem(answer)
    if (general) return setStatus({ text: general, tone: 'error' })
    if (answer.code === 'INVALID_PASSWORD') return fail('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE)
    if (answer.code === 'INVALID_EMAIL') return fail('newEmail', 'Please enter a valid email address')
    if (answer.message === 'Email is the same') return fail('newEmail', SAME_EMAIL_MESSAGE)
    setStatus({ text: explain(answer), tone: 'error' })
  }

  async function confirm() {
    const parsed = emailChangeCodeSchema.safeParse({ newEmail: pending, otp })
    if (!parsed.success) return form.showIssues(parsed.error)
    const answer = await form.whileBusy(() => callAuth('/email-otp/change-email', parsed.data))
    if (answer.ok) {
      rememberLoginEmail(parsed.data.newEmail)
      setStep('request')
      setNewEmail('')
      setOtp('')
      setPending('')
      setStatus({ text: `Your sign-in email is now ${parsed.data.newEmail}. Your API tokens were revoked: create new ones for your scripts.`, tone: 'success' })
      onChanged?.()
      focusField('newEmail')
      // The details card shows the new address; the page's session view follows.
      void revalidator.revalidate()
      void refreshSession()
      return
    }
    const general = generalProblem(answer)
    if (general) return setStatus({ text: general, tone: 'error' })
    if (answer.code === 'INVALID_OTP' || answer.code === 'OTP_EXPIRED' || answer.code === 'TOO_MANY_ATTEMPTS') return fail('otp', INVALID_CODE_MESSAGE)
    if (answer.message === 'Email already in use') {
      // Someone took the address after the code was sent: start again with another one.
      setStep('request')
      return fail('newEmail', EMAIL_IN_USE_MESSAGE)
    }
    setStatus({ text: explain(answer), tone: 'error' })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    form.clear()
    await (step === 'request' ? sendCode() : confirm())
  }

  const backToAddress = () => {
    setStep('request')
    setOtp('')
    form.clear()
    focusField('newEmail')
  }

  const ids = { newEmail: `${id}-new-email`, currentPassword: `${id}-email-password`, otp: `${id}-email-code`, hint: `${id}-email-hint` }
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="change-email-form" data-step={step}>
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Change your sign-in email
      </h3>
      {step === 'request' ? (
        <>
          <p id={ids.hint} className="text-sm text-(--color-light)">
            Your sign-in email is <span className="font-medium text-(--color-text)">{email}</span>. We send a code to the new address to make sure it is yours.
          </p>
          <Field
            label="New email"
            {...form.field('newEmail', {
              id: ids.newEmail,
              type: 'email',
              autoComplete: 'email',
              value: newEmail,
              onChange: (e) => setNewEmail(e.target.value),
              'aria-describedby': ids.hint,
            })}
          />
          <Field
            label="Current password"
            {...form.field('currentPassword', {
              id: ids.currentPassword,
              type: 'password',
              autoComplete: 'current-password',
              value: currentPassword,
              onChange: (e) => setCurrentPassword(e.target.value),
            })}
          />
        </>
      ) : (
        <>
          <p id={ids.hint} className="text-sm text-(--color-light)">
            We sent a 6-digit code to <span className="font-medium text-(--color-text)">{pending}</span>. It expires in 10 minutes.
          </p>
          <Field
            label="Code"
            {...form.field('otp', {
              id: ids.otp,
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              value: otp,
              onChange: (e) => setOtp(e.target.value.replace(/\D/g, '')),
              'aria-describedby': ids.hint,
            })}
          />
          <p className="text-sm text-(--color-light)">No code? Check the address, or use a different one: no code is sent to an address that already has an account here.</p>
        </>
      )}
      <FormStatus status={form.status} testId="change-email-status" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {step === 'request' ? (busy ? 'Sending…' : 'Send code') : busy ? 'Confirming…' : 'Confirm'}
        </button>
        {step === 'confirm' ? (
          <button type="button" className={secondaryButtonClass} onClick={backToAddress} disabled={busy}>
            Use a different address
          </button>
        ) : null}
      </div>
    </form>
  )
}

/** The login email remembered for the sign-in form follows the change. */
function rememberLoginEmail(address: string) {
  try {
    if (localStorage.getItem(LOGIN_EMAIL_STORAGE_KEY) !== null) localStorage.setItem(LOGIN_EMAIL_STORAGE_KEY, address)
  } catch {
    /* storage may be disabled */
  }
}
