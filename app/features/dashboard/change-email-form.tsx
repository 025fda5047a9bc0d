import { getFormProps, type Submission } from '@conform-to/react'
import { useId, useState, type ChangeEvent } from 'react'
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
import type { z } from '../../../lib/zod'
import { refreshSession } from '../../components/layout/use-session'
import { callAuth, explain, firstError, FormStatus, generalProblem, useAuthApiForm, useFocusLater } from '../account-security'
import { Field, type FieldProps } from '../../components/forms'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { useSchemaForm } from '../../components/use-schema-form'

type EmailChangeRequest = z.output<ReturnType<typeof emailChangeRequestSchema>>
type EmailChangeCode = z.output<typeof emailChangeCodeSchema>

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
  const api = useAuthApiForm()
  const focusLater = useFocusLater()
  const ids = { newEmail: `${id}-new-email`, currentPassword: `${id}-email-password`, otp: `${id}-email-code`, hint: `${id}-email-hint` }

  // Each step has its schema; the code step carries the address the code went to.
  const [form, fields] = useSchemaForm(step === 'request' ? emailChangeRequestSchema(email) : emailChangeCodeSchema, {
    id: `${id}-change-email`,
    lastResult: api.lastResult,
    asTyped: true,
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (api.busy) return
      api.clearStatus()
      if (submission?.status !== 'success') return
      await (step === 'request' ? sendCode(submission as Submission<EmailChangeRequest>) : confirm(submission as Submission<EmailChangeCode>))
    },
  })

  async function sendCode(submission: Submission<EmailChangeRequest>) {
    if (submission.status !== 'success') return
    const answer = await api.whileBusy(() => callAuth('/email-otp/request-email-change', submission.value))
    if (answer.ok) {
      setPending(submission.value.newEmail)
      setCurrentPassword('')
      setOtp('')
      setStep('confirm')
      // Focus moves to the code field, whose description says where the code went.
      focusLater(ids.otp)
      return
    }
    const general = generalProblem(answer)
    if (general) return api.setStatus({ text: general, tone: 'error' })
    if (answer.code === 'INVALID_PASSWORD') return api.refuse(submission, 'currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE)
    if (answer.code === 'INVALID_EMAIL') return api.refuse(submission, 'newEmail', 'Please enter a valid email address')
    if (answer.message === 'Email is the same') return api.refuse(submission, 'newEmail', SAME_EMAIL_MESSAGE)
    api.setStatus({ text: explain(answer), tone: 'error' })
  }

  async function confirm(submission: Submission<EmailChangeCode>) {
    if (submission.status !== 'success') return
    const changed = submission.value.newEmail
    const answer = await api.whileBusy(() => callAuth('/email-otp/change-email', submission.value))
    if (answer.ok) {
      rememberLoginEmail(changed)
      setStep('request')
      setNewEmail('')
      setOtp('')
      setPending('')
      api.setStatus({ text: `Your sign-in email is now ${changed}. Your API tokens were revoked: create new ones for your scripts.`, tone: 'success' })
      onChanged?.()
      focusLater(ids.newEmail)
      // The details card shows the new address; the page's session view follows.
      void revalidator.revalidate()
      void refreshSession()
      return
    }
    const general = generalProblem(answer)
    if (general) return api.setStatus({ text: general, tone: 'error' })
    if (answer.code === 'INVALID_OTP' || answer.code === 'OTP_EXPIRED' || answer.code === 'TOO_MANY_ATTEMPTS') return api.refuse(submission, 'otp', INVALID_CODE_MESSAGE)
    if (answer.message === 'Email already in use') {
      // Someone took the address after the code was sent: start again with another one.
      setStep('request')
      return api.refuse(submission, 'newEmail', EMAIL_IN_USE_MESSAGE)
    }
    api.setStatus({ text: explain(answer), tone: 'error' })
  }

  /** A control of this form: its id, its name and first error, and its value, held here so a step can set it. */
  const field = (name: 'newEmail' | 'currentPassword' | 'otp', value: string, set: (value: string) => void, props: FieldProps['inputProps']) => ({
    errors: firstError(fields[name].errors),
    inputProps: { id: ids[name], name: fields[name].name, value, onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.target.value), ...props },
  })

  const backToAddress = () => {
    setStep('request')
    setOtp('')
    api.clearStatus()
    focusLater(ids.newEmail)
  }

  return (
    <form {...getFormProps(form)} aria-labelledby={`${id}-title`} aria-describedby={undefined} className="flex flex-col gap-4" data-testid="change-email-form" data-step={step}>
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Change your sign-in email
      </h3>
      {step === 'request' ? (
        <>
          <p id={ids.hint} className="text-sm text-(--color-light)">
            Your sign-in email is <span className="font-medium text-(--color-text)">{email}</span>. We send a code to the new address to make sure it is yours.
          </p>
          <Field label="New email" {...field('newEmail', newEmail, setNewEmail, { type: 'email', autoComplete: 'email', 'aria-describedby': ids.hint })} />
          <Field label="Current password" {...field('currentPassword', currentPassword, setCurrentPassword, { type: 'password', autoComplete: 'current-password' })} />
        </>
      ) : (
        <>
          <input type="hidden" name={fields.newEmail.name} value={pending} />
          <p id={ids.hint} className="text-sm text-(--color-light)">
            We sent a 6-digit code to <span className="font-medium text-(--color-text)">{pending}</span>. It expires in 10 minutes.
          </p>
          <Field
            label="Code"
            {...field('otp', otp, (value) => setOtp(value.replace(/\D/g, '')), { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, 'aria-describedby': ids.hint })}
          />
          <p className="text-sm text-(--color-light)">No code? Check the address, or use a different one: no code is sent to an address that already has an account here.</p>
        </>
      )}
      <FormStatus status={api.status} testId="change-email-status" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={api.busy}>
          {step === 'request' ? (api.busy ? 'Sending…' : 'Send code') : api.busy ? 'Confirming…' : 'Confirm'}
        </button>
        {step === 'confirm' ? (
          <button type="button" className={secondaryButtonClass} onClick={backToAddress} disabled={api.busy}>
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
