import { useId, useState, type FormEvent } from 'react'
import { passwordChangeSchema, WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../lib/auth-schema'
import { callAuth, explain, PasswordChecklist } from '../auth/auth-form'
import { Field } from '../../components/forms'
import { FormStatus, generalProblem, useSecurityForm } from './security-form-parts'
import { buttonClass } from './styles'

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword'
const fieldOrder: PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword']

/**
 * Changing the password (POST /api/auth/change-password): the current one, then the new one twice.
 * The new one follows the rule of lib/auth-schema.ts (the server's before-hook checks it again), and
 * every other session of the account is signed out; this one carries on with a fresh session.
 */
export function ChangePasswordForm({ email, onChanged }: { email: string; /** After the change: the server revoked every API token. */ onChanged?: () => void }) {
  const id = useId()
  const [values, setValues] = useState<Record<PasswordField, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' })
  const form = useSecurityForm(fieldOrder)
  const { busy, fail, setStatus } = form

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    form.clear()
    const parsed = passwordChangeSchema.safeParse(values)
    if (!parsed.success) return form.showIssues(parsed.error)
    const { currentPassword, newPassword } = parsed.data
    const answer = await form.whileBusy(() => callAuth('/change-password', { currentPassword, newPassword, revokeOtherSessions: true }))
    if (answer.ok) {
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' })
      onChanged?.()
      return setStatus({
        text: 'Your password was changed. Any other devices signed in to your account were signed out, and your API tokens were revoked.',
        tone: 'success',
      })
    }
    const general = generalProblem(answer)
    if (general) return setStatus({ text: general, tone: 'error' })
    if (answer.code === 'INVALID_PASSWORD') return fail('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE)
    if (answer.code === 'PASSWORD_RULES' || answer.code === 'PASSWORD_TOO_SHORT' || answer.code === 'PASSWORD_TOO_LONG') return fail('newPassword', explain(answer))
    setStatus({ text: explain(answer), tone: 'error' })
  }

  const set = (field: PasswordField) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: event.target.value }))
  const ids = { currentPassword: `${id}-current`, newPassword: `${id}-new`, confirmPassword: `${id}-confirm`, rules: `${id}-rules` }
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="change-password-form">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Change your password
      </h3>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        label="Current password"
        {...form.field('currentPassword', { id: ids.currentPassword, type: 'password', autoComplete: 'current-password', value: values.currentPassword, onChange: set('currentPassword') })}
      />
      <Field
        label="New password"
        {...form.field('newPassword', {
          id: ids.newPassword,
          type: 'password',
          autoComplete: 'new-password',
          value: values.newPassword,
          onChange: set('newPassword'),
          'aria-describedby': ids.rules,
        })}
      >
        <PasswordChecklist password={values.newPassword} id={ids.rules} />
      </Field>
      <Field
        label="Confirm new password"
        {...form.field('confirmPassword', { id: ids.confirmPassword, type: 'password', autoComplete: 'new-password', value: values.confirmPassword, onChange: set('confirmPassword') })}
      />
      <FormStatus status={form.status} testId="change-password-status" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  )
}
