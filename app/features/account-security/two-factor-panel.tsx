import { useId, useState, type FormEvent } from 'react'
import { recoveryCodesSchema, twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorSetupSchema } from '../../../lib/account-security-schema'
import { Field } from '../../components/forms'
import { FormStatus, useSecurityForm } from '../dashboard/security-form-parts'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup, type AccountSecurityState, type TwoFactorSetup } from './account-security-api'
import { fieldProblem, problemText } from './problem-text'
import { QrCode } from './qr-code'
import { RecoveryCodesList } from './recovery-codes-list'

type View = 'status' | 'setup-password' | 'setup-scan' | 'renew' | 'disable' | 'codes'
type Fields = 'password' | 'code'
const fieldOrder: Fields[] = ['password', 'code']

/** The secret in groups of four, as apps show it and as it is easiest to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * "Two-factor sign-in": an authenticator app's code after the password. Turning it on takes the
 * password, then the QR code (and the secret as text), then the app's first code; ten recovery codes
 * are shown once. When it is on: new recovery codes (the password), or turning it off (the password
 * and a current code). `required` opens the set-up at once (an admin without a second factor).
 */
export function TwoFactorPanel({ state, required, onChanged }: { state: AccountSecurityState | null; required: boolean; onChanged: () => void }) {
  const id = useId()
  const [view, setView] = useState<View>(required ? 'setup-password' : 'status')
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = useState<string[]>([])
  /** What to say once the new recovery codes are put away. */
  const [afterCodes, setAfterCodes] = useState('')
  const [values, setValues] = useState<Record<Fields, string>>({ password: '', code: '' })
  const form = useSecurityForm(fieldOrder)
  const { busy, setStatus } = form

  const go = (next: View) => {
    form.clear()
    setValues({ password: '', code: '' })
    setView(next)
  }
  const failWith = (error: unknown, fallback: string) => {
    const field = fieldOrder.find((f) => fieldProblem(error, f))
    if (field) return form.fail(field, fieldProblem(error, field)!)
    setStatus({ text: problemText(error, fallback), tone: 'error' })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    form.clear()
    try {
      if (view === 'setup-password') {
        const parsed = twoFactorSetupSchema.safeParse(values)
        if (!parsed.success) return form.showIssues(parsed.error)
        const started = await form.whileBusy(() => startTwoFactorSetup(parsed.data.password))
        setSetup(started)
        go('setup-scan')
        return
      }
      if (view === 'setup-scan') {
        const parsed = twoFactorConfirmSchema.safeParse({ code: values.code })
        if (!parsed.success) return form.showIssues(parsed.error)
        const made = await form.whileBusy(() => enableTwoFactor(parsed.data.code))
        setSetup(null)
        setCodes(made)
        setAfterCodes('Two-factor sign-in is on. Every other session was signed out, and your API tokens were revoked.')
        go('codes')
        onChanged()
        return
      }
      if (view === 'renew') {
        const parsed = recoveryCodesSchema.safeParse(values)
        if (!parsed.success) return form.showIssues(parsed.error)
        const made = await form.whileBusy(() => renewRecoveryCodes(parsed.data.password))
        setCodes(made)
        setAfterCodes('New recovery codes are in place; the old ones no longer work. Every other session was signed out.')
        go('codes')
        onChanged()
        return
      }
      if (view === 'disable') {
        const parsed = twoFactorDisableSchema.safeParse(values)
        if (!parsed.success) return form.showIssues(parsed.error)
        await form.whileBusy(() => disableTwoFactor(parsed.data.password, parsed.data.code))
        go('status')
        setStatus({ text: 'Two-factor sign-in is off. Every other session was signed out, and your API tokens were revoked.', tone: 'success' })
        onChanged()
      }
    } catch (error) {
      failWith(error, 'That did not work. Please try again.')
    }
  }

  const set = (field: Fields) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: event.target.value }))
  const passwordField = (
    <Field
      label="Your password"
      {...form.field('password', { id: `${id}-password`, type: 'password', autoComplete: 'current-password', value: values.password, onChange: set('password') })}
    />
  )
  const codeField = (label: string, hint: string) => (
    <Field
      label={label}
      hint={hint}
      {...form.field('code', { id: `${id}-code`, inputMode: view === 'disable' ? 'text' : 'numeric', autoComplete: 'one-time-code', spellCheck: false, value: values.code, onChange: set('code') })}
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
    const titles: Record<Exclude<View, 'status' | 'codes'>, string> = {
      'setup-password': 'Step 1 of 3: confirm it is you',
      'setup-scan': 'Steps 2 and 3: scan the QR code, then enter the code the app shows',
      renew: 'New recovery codes: your old ones stop working',
      disable: 'Turn off two-factor sign-in',
    }
    const submitLabel: Record<Exclude<View, 'status' | 'codes'>, [string, string]> = {
      'setup-password': ['Continue', 'Checking…'],
      'setup-scan': ['Turn on', 'Turning on…'],
      renew: ['Make new codes', 'Making…'],
      disable: ['Turn off', 'Turning off…'],
    }
    body = (
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-step`} className="flex flex-col gap-4" data-testid={`two-factor-${view}`}>
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
      <FormStatus status={form.status} testId="two-factor-status-message" />
    </section>
  )
}
