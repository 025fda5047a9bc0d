import { getFormProps, getInputProps } from '@conform-to/react'
import { useId } from 'react'
import { passwordChangeSchema, WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../lib/auth-schema'
import { callAuth, explain, PasswordChecklist, firstError, FormStatus, generalProblem, useAuthApiForm } from '../account-security'
import { Field } from '../../components/forms'
import { buttonClass } from '../../components/portal/styles'
import { useSchemaForm } from '../../components/use-schema-form'

/**
 * Changing the password (POST /api/auth/change-password): the current one, then the new one twice.
 * The new one follows the rule of lib/auth-schema.ts (the server's before-hook checks it again), and
 * every other session of the account is signed out; this one carries on with a fresh session.
 */
export function ChangePasswordForm({ email, onChanged }: { email: string; /** After the change: the server revoked every API token. */ onChanged?: () => void }) {
  const id = useId()
  const api = useAuthApiForm()
  const [form, fields] = useSchemaForm(passwordChangeSchema, {
    id: `${id}-change-password`,
    lastResult: api.lastResult,
    asTyped: true,
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (api.busy || submission?.status !== 'success') return
      api.clearStatus()
      const { currentPassword, newPassword } = submission.value
      const answer = await api.whileBusy(() => callAuth('/change-password', { currentPassword, newPassword, revokeOtherSessions: true }))
      if (answer.ok) {
        api.done(submission)
        onChanged?.()
        return api.setStatus({
          text: 'Your password was changed. Any other devices signed in to your account were signed out, and your API tokens were revoked.',
          tone: 'success',
        })
      }
      const general = generalProblem(answer)
      if (general) return api.setStatus({ text: general, tone: 'error' })
      if (answer.code === 'INVALID_PASSWORD') return api.refuse(submission, 'currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE)
      if (answer.code === 'PASSWORD_RULES' || answer.code === 'PASSWORD_TOO_SHORT' || answer.code === 'PASSWORD_TOO_LONG') return api.refuse(submission, 'newPassword', explain(answer))
      api.setStatus({ text: explain(answer), tone: 'error' })
    },
  })

  const rulesId = `${id}-rules`
  return (
    <form {...getFormProps(form)} aria-labelledby={`${id}-title`} aria-describedby={undefined} className="flex flex-col gap-4" data-testid="change-password-form">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Change your password
      </h3>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        key={fields.currentPassword.key}
        label="Current password"
        errors={firstError(fields.currentPassword.errors)}
        inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password', ariaAttributes: false }), autoComplete: 'current-password' }}
      />
      <Field
        key={fields.newPassword.key}
        label="New password"
        errors={firstError(fields.newPassword.errors)}
        inputProps={{ ...getInputProps(fields.newPassword, { type: 'password', ariaAttributes: false }), autoComplete: 'new-password', 'aria-describedby': rulesId }}
      >
        <PasswordChecklist password={typeof fields.newPassword.value === 'string' ? fields.newPassword.value : ''} id={rulesId} />
      </Field>
      <Field
        key={fields.confirmPassword.key}
        label="Confirm new password"
        errors={firstError(fields.confirmPassword.errors)}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password', ariaAttributes: false }), autoComplete: 'new-password' }}
      />
      <FormStatus status={api.status} testId="change-password-status" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={api.busy}>
          {api.busy ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  )
}
