import { getFormProps, getInputProps, type Submission } from '@conform-to/react'
import { useId, useState } from 'react'
import { recoveryCodesSchema, twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorSetupSchema } from '../../../lib/account-security-schema'
import { Field } from '../../components/forms'
import { firstError, FormStatus, useAuthApiForm } from './auth-api-form-parts'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import type { AccountSecurityInfo, TwoFactorSetup } from '../../../lib/account-security-types'
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup } from './account-security-api'
import { fieldProblem, problemText } from './problem-text'
import { QrCode } from './qr-code'
import { RecoveryCodesList } from './recovery-codes-list'
import { useSchemaForm } from '../../components/use-schema-form'

type View = 'status' | 'setup-password' | 'setup-scan' | 'renew' | 'disable' | 'codes'
type FormView = Exclude<View, 'status' | 'codes'>

/** Each step's form and the schema the server parses it with. */
const schemas = { 'setup-password': twoFactorSetupSchema, 'setup-scan': twoFactorConfirmSchema, renew: recoveryCodesSchema, disable: twoFactorDisableSchema } as const
const isFormView = (view: View): view is FormView => Object.hasOwn(schemas, view)

/** The secret in groups of four, as apps show it and as it is easiest to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * "Two-factor sign-in": an authenticator app's code after the password. Turning it on takes the
 * password, then the QR code (and the secret as text), then the app's first code; ten recovery codes
 * are shown once. When it is on: new recovery codes (the password), or turning it off (the password
 * and a current code). `required` opens the set-up at once (an admin without a second factor).
 * Each step is a Conform form read by its schema; the server's refusal of a field shows beside it.
 */
export function TwoFactorPanel({ state, required, onChanged }: { state: AccountSecurityInfo | null; required: boolean; onChanged: () => void }) {
  const id = useId()
  const [view, setView] = useState<View>(required ? 'setup-password' : 'status')
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = useState<string[]>([])
  /** What to say once the new recovery codes are put away. */
  const [afterCodes, setAfterCodes] = useState('')
  const api = useAuthApiForm()
  const { busy, setStatus } = api

  const go = (next: View) => {
    api.clearStatus()
    setView(next)
  }

  /** The step's work once its fields pass the schema. */
  async function save(step: FormView, submission: Submission<Record<string, string>>) {
    if (submission.status !== 'success') return
    const { password = '', code = '' } = submission.value
    if (step === 'setup-password') {
      setSetup(await api.whileBusy(() => startTwoFactorSetup(password)))
      return go('setup-scan')
    }
    if (step === 'setup-scan') {
      const made = await api.whileBusy(() => enableTwoFactor(code))
      setSetup(null)
      setCodes(made)
      setAfterCodes('Two-factor sign-in is on. Every other session was signed out, and your API tokens were revoked.')
      go('codes')
      return onChanged()
    }
    if (step === 'renew') {
      setCodes(await api.whileBusy(() => renewRecoveryCodes(password)))
      setAfterCodes('New recovery codes are in place; the old ones no longer work. Every other session was signed out.')
      go('codes')
      return onChanged()
    }
    await api.whileBusy(() => disableTwoFactor(password, code))
    go('status')
    setStatus({ text: 'Two-factor sign-in is off. Every other session was signed out, and your API tokens were revoked.', tone: 'success' })
    onChanged()
  }

  const [form, fields] = useSchemaForm(schemas[isFormView(view) ? view : 'setup-password'], {
    // A new step is a new form: its fields start empty.
    id: `${id}-two-factor-${view}`,
    lastResult: api.lastResult,
    asTyped: true,
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (busy || !isFormView(view)) return
      api.clearStatus()
      if (submission?.status !== 'success') return
      try {
        await save(view, submission as Submission<Record<string, string>>)
      } catch (error) {
        const field = (['password', 'code'] as const).find((f) => fieldProblem(error, f))
        if (field) return api.refuse(submission, field, fieldProblem(error, field)!)
        setStatus({ text: problemText(error, 'That did not work. Please try again.'), tone: 'error' })
      }
    },
  })

  const passwordField = (
    <Field
      key={fields.password.key}
      label="Your password"
      errors={firstError(fields.password.errors)}
      inputProps={{ ...getInputProps(fields.password, { type: 'password', ariaAttributes: false }), autoComplete: 'current-password' }}
    />
  )
  const codeField = (label: string, hint: string) => (
    <Field
      key={fields.code.key}
      label={label}
      hint={hint}
      errors={firstError(fields.code.errors)}
      inputProps={{
        ...getInputProps(fields.code, { type: 'text', ariaAttributes: false }),
        inputMode: view === 'disable' ? 'text' : 'numeric',
        autoComplete: 'one-time-code',
        spellCheck: false,
      }}
    />
  )
  const cancel = (
    <button type="button" className={secondaryButtonClass} onClick={() => go('status')} disabled={busy}>
      Cancel
    </button>
  )

  let body: React.ReactNode
  if (view === 'codes') {
    body = (
      <RecoveryCodesList
        codes={codes}
        onDone={() => {
          go('status')
          setStatus({ text: afterCodes, tone: 'success' })
        }}
      />
    )
  } else if (view === 'status') {
    body = !state ? (
      <p aria-busy="true">Loading…</p>
    ) : state.twoFactorEnabled ? (
      <>
        <p data-testid="two-factor-status">
          <strong>On.</strong> Signing in asks for a code from your authenticator app after the password. {state.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButtonClass} onClick={() => go('renew')}>
            New recovery codes
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => go('disable')}>
            Turn off
          </button>
        </div>
      </>
    ) : (
      <>
        <p data-testid="two-factor-status">
          <strong>Off.</strong> Add a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden) to every sign-in, so a stolen
          password alone does not open your account.
        </p>
        <div>
          <button type="button" className={buttonClass} onClick={() => go('setup-password')}>
            Set up two-factor sign-in
          </button>
        </div>
      </>
    )
  } else {
    const titles: Record<FormView, string> = {
      'setup-password': 'Step 1 of 3: confirm it is you',
      'setup-scan': 'Steps 2 and 3: scan the QR code, then enter the code the app shows',
      renew: 'New recovery codes: your old ones stop working',
      disable: 'Turn off two-factor sign-in',
    }
    const submitLabel: Record<FormView, [string, string]> = {
      'setup-password': ['Continue', 'Checking…'],
      'setup-scan': ['Turn on', 'Turning on…'],
      renew: ['Make new codes', 'Making…'],
      disable: ['Turn off', 'Turning off…'],
    }
    body = (
      <form {...getFormProps(form)} aria-labelledby={`${id}-step`} aria-describedby={undefined} className="flex flex-col gap-4" data-testid={`two-factor-${view}`}>
        <h4 id={`${id}-step`} className="font-medium">
          {titles[view]}
        </h4>
        {view === 'setup-scan' && setup ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <QrCode size={setup.qrSize} path={setup.qrPath} label="QR code to add this account to your authenticator app" />
            <div className="flex flex-col gap-2 text-sm">
              <p>Scan it with your authenticator app. If you cannot scan it, enter this key in the app (time-based, 6 digits, 30 seconds):</p>
              <code className="rounded bg-(--color-shade) px-2 py-1 font-mono text-base break-all" data-testid="two-factor-secret" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </code>
            </div>
          </div>
        ) : null}
        {view === 'setup-password' || view === 'renew' || view === 'disable' ? passwordField : null}
        {view === 'setup-scan' ? codeField('Code from the app', 'The six digits the app shows now.') : null}
        {view === 'disable' ? codeField('Code from the app, or a recovery code', 'A current code proves you still hold the app.') : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? submitLabel[view][1] : submitLabel[view][0]}
          </button>
          {cancel}
        </div>
      </form>
    )
  }

  return (
    <section id="two-factor" aria-labelledby={`${id}-title`} className="flex scroll-mt-40 flex-col gap-4 border-t border-(--color-border) pt-6" data-testid="two-factor">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Two-factor sign-in
      </h3>
      {body}
      <FormStatus status={api.status} testId="two-factor-status-message" />
    </section>
  )
}
