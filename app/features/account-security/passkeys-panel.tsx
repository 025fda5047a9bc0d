import { getFormProps, getInputProps } from '@conform-to/react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { addPasskeySchema, PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from '../../../lib/account-security-schema'
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../lib/auth-schema'
import { Field } from '../../components/forms'
import { firstError, FormStatus, useAuthApiForm } from './auth-api-form-parts'
import { explain } from './auth-form'
import { passkeysSupported, registerPasskey } from './passkey-ceremony'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { formatDateTime } from '../../../lib/format'
import { buttonClass, inputClass, secondaryButtonClass } from '../../components/portal/styles'
import type { AccountSecurityInfo, PasskeyInfo } from '../../../lib/account-security-types'
import { removePasskey, renamePasskey } from './account-security-api'
import { problemText } from './problem-text'
import { useSchemaForm } from '../../components/use-schema-form'

/**
 * "Passkeys": sign in with the device's lock (a PIN, fingerprint or face) instead of the password
 * and the code; a passkey proves both factors. Adding one asks for the password; each can be named
 * and removed (which signs out every other session).
 */
export function PasskeysPanel({ state, onChanged }: { state: AccountSecurityInfo | null; onChanged: () => void }) {
  const id = useId()
  const [supported, setSupported] = useState(true)
  useEffect(() => setSupported(passkeysSupported()), [])
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null)
  const [working, setWorking] = useState<string | null>(null)
  const api = useAuthApiForm()
  const { busy, setStatus } = api
  const listRef = useRef<HTMLHeadingElement>(null)

  const [form, fields] = useSchemaForm(addPasskeySchema, {
    id: `${id}-add-passkey`,
    lastResult: api.lastResult,
    asTyped: true,
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (busy) return
      api.clearStatus()
      if (submission?.status !== 'success') return
      const answer = await api.whileBusy(() => registerPasskey(submission.value))
      if (answer.ok) {
        api.done(submission)
        setStatus({ text: `Passkey “${submission.value.name}” added. You can sign in with it now.`, tone: 'success' })
        return onChanged()
      }
      if (answer.code === 'INVALID_PASSWORD') return api.refuse(submission, 'password', WRONG_CURRENT_PASSWORD_MESSAGE)
      setStatus({ text: answer.code === 'PASSKEY_CEREMONY' || answer.code === 'USER_NOT_VERIFIED' ? (answer.message ?? explain(answer)) : explain(answer), tone: 'error' })
    },
  })

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!renaming) return
    const parsed = passkeyNameSchema.safeParse(renaming.name)
    if (!parsed.success) return setStatus({ text: parsed.error.issues[0]!.message, tone: 'error' })
    setWorking(renaming.id)
    try {
      await renamePasskey(renaming.id, parsed.data)
      setRenaming(null)
      setStatus({ text: `Passkey renamed to “${parsed.data}”.`, tone: 'success' })
      onChanged()
    } catch (error) {
      setStatus({ text: problemText(error, 'The passkey could not be renamed. Please try again.'), tone: 'error' })
    } finally {
      setWorking(null)
    }
  }

  async function remove(key: PasskeyInfo) {
    setWorking(key.id)
    try {
      await removePasskey(key.id)
      setStatus({ text: `Passkey “${key.name}” removed. Every other session was signed out.`, tone: 'success' })
      onChanged()
    } catch (error) {
      setStatus({ text: problemText(error, 'The passkey could not be removed. Please try again.'), tone: 'error' })
    } finally {
      setWorking(null)
      listRef.current?.focus()
    }
  }

  const keys = state?.passkeys ?? []
  return (
    <section id="passkeys" aria-labelledby={`${id}-title`} className="flex scroll-mt-40 flex-col gap-4 border-t border-(--color-border) pt-6" data-testid="passkeys">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Passkeys
      </h3>
      <p className="text-sm text-(--color-light)">A passkey signs you in with this device’s screen lock (a PIN, fingerprint or face) instead of your password and code.</p>
      <h4 id={`${id}-list`} ref={listRef} tabIndex={-1} className="font-medium">
        Your passkeys
      </h4>
      {!state ? (
        <p aria-busy="true">Loading…</p>
      ) : keys.length === 0 ? (
        <p>No passkeys</p>
      ) : (
        <ul aria-labelledby={`${id}-list`} className="flex flex-col divide-y divide-(--color-border) rounded-md border border-(--color-border)">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="passkey-row">
              {renaming?.id === key.id ? (
                <form onSubmit={rename} className="flex flex-1 flex-wrap items-center gap-2" aria-label={`Rename the passkey “${key.name}”`}>
                  <label htmlFor={`${id}-rename`} className="sr-only">
                    New name
                  </label>
                  <input
                    id={`${id}-rename`}
                    className={`${inputClass} sm:max-w-xs`}
                    value={renaming.name}
                    maxLength={PASSKEY_NAME_MAX_LENGTH + 20}
                    onChange={(e) => setRenaming({ id: key.id, name: e.target.value })}
                  />
                  <button type="submit" className={secondaryButtonClass} disabled={working !== null}>
                    Save
                  </button>
                  <button type="button" className={secondaryButtonClass} onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span className="flex-1">
                    <span className="font-medium break-all" data-testid="passkey-name">
                      {key.name}
                    </span>
                    <span className="block text-sm text-(--color-light)">
                      Added {key.createdAt ? formatDateTime(key.createdAt) : '—'} · last used {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}
                    </span>
                  </span>
                  <button type="button" className={secondaryButtonClass} onClick={() => setRenaming({ id: key.id, name: key.name })} aria-label={`Rename the passkey “${key.name}”`}>
                    Rename
                  </button>
                  <ConfirmDelete verb="Remove" what={`the passkey “${key.name}”`} consequence="It no longer signs in, and every other session is signed out." disabled={working !== null} onConfirm={() => void remove(key)}>
                    {working === key.id ? 'Removing…' : 'Remove'}
                  </ConfirmDelete>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form {...getFormProps(form)} aria-label="Add a passkey" aria-describedby={undefined} className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="sm:flex-1">
            <Field
              key={fields.name.key}
              label="Passkey name"
              hint="Which device or password manager holds it, e.g. “Work laptop”."
              errors={firstError(fields.name.errors)}
              inputProps={{ ...getInputProps(fields.name, { type: 'text', ariaAttributes: false }), maxLength: PASSKEY_NAME_MAX_LENGTH + 20, autoComplete: 'off' }}
            />
          </div>
          <div className="sm:flex-1">
            <Field
              key={fields.password.key}
              label="Your password"
              errors={firstError(fields.password.errors)}
              inputProps={{ ...getInputProps(fields.password, { type: 'password', ariaAttributes: false }), autoComplete: 'current-password' }}
            />
          </div>
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Adding…' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p>This browser cannot use passkeys.</p>
      )}
      <FormStatus status={api.status} testId="passkeys-status" />
    </section>
  )
}
