import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { timings } from '../../../lib/catalogue'
import { clientDetailsLabels, parseClientDetails, postalAddressParts, type ClientDetailsField, type FieldErrors } from '../../../lib/profile-schema'
import { buttonClass, cardClass, cardTitleClass, errorTextClass, inputClass, labelClass } from './styles'
import type { ClientDetailsView } from './types'

/** What the action answers to intent=update-details. */
export interface UpdateDetailsResult {
  intent: 'update-details'
  ok: boolean
  errors?: FieldErrors
}

type ButtonState = 'idle' | 'failed' | 'succeeded'

const buttonText = {
  idle: 'Update details',
  submitting: 'Updating please wait',
  succeeded: 'Update successful',
  failed: 'Update failed',
} as const

const inputTypes: Partial<Record<ClientDetailsField, { type: string; autoComplete?: string; inputMode?: 'tel' | 'url' }>> = {
  phoneNumber: { type: 'tel', autoComplete: 'tel' },
  nickname: { type: 'text', autoComplete: 'nickname' },
  givenName: { type: 'text', autoComplete: 'given-name' },
  familyName: { type: 'text', autoComplete: 'family-name' },
  website: { type: 'url', autoComplete: 'url' },
  building: { type: 'text', autoComplete: 'address-line1' },
  road: { type: 'text', autoComplete: 'address-line2' },
  town: { type: 'text', autoComplete: 'address-level2' },
  county: { type: 'text', autoComplete: 'address-level1' },
  postcode: { type: 'text', autoComplete: 'postal-code' },
  companyName: { type: 'text', autoComplete: 'organization' },
  ethereumAddress: { type: 'text', autoComplete: 'off' },
}

/**
 * The client details (SPEC.md section 3). Validated in the browser with the same schema the action
 * uses; the button walks "Update details" → "Updating please wait" → "Update successful" or
 * "Update failed" → back to "Update details" after 3 s (section 4).
 */
export function ClientDetailsForm({ details, clientId }: { details: ClientDetailsView; clientId: string | null }) {
  const fetcher = useFetcher<UpdateDetailsResult>({ key: `update-details-${details.userId}` })
  const [result, setResult] = useState<ButtonState>('idle')
  const [errors, setErrors] = useState<FieldErrors>({})
  const form = useRef<HTMLFormElement>(null)
  const submitting = fetcher.state !== 'idle'

  // The action's answer decides the button; it returns to "Update details" after the status time-out.
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    setErrors(fetcher.data.errors ?? {})
    setResult(fetcher.data.ok ? 'succeeded' : 'failed')
    if (!fetcher.data.ok) focusFirstError(form.current, fetcher.data.errors)
  }, [fetcher.state, fetcher.data])

  useEffect(() => {
    if (result === 'idle') return
    const timer = setTimeout(() => setResult('idle'), timings.statusResetMs)
    return () => clearTimeout(timer)
  }, [result])

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const parsed = parseClientDetails(data)
    if (!parsed.success) {
      setErrors(parsed.errors)
      setResult('failed')
      focusFirstError(event.currentTarget, parsed.errors)
      return
    }
    setErrors({})
    setResult('idle')
    void fetcher.submit(data, { method: 'post', action: '/profile' })
  }

  const label = submitting ? buttonText.submitting : buttonText[result]
  const field = (name: ClientDetailsField) => {
    const id = `details-${name}`
    const error = errors[name]
    const kind = inputTypes[name] ?? { type: 'text' }
    return (
      <div key={name}>
        <label htmlFor={id} className={labelClass}>
          {clientDetailsLabels[name]}
        </label>
        <input
          id={id}
          name={name}
          type={kind.type}
          autoComplete={kind.autoComplete}
          defaultValue={details[name]}
          className={`mt-1 ${inputClass}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={errorTextClass}>
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <section aria-labelledby="details-title" className={cardClass}>
      <h2 id="details-title" className={cardTitleClass}>
        {clientId ? 'Client details' : 'Your details'}
      </h2>
      {/* key: a different client (or a fresh load after saving) resets the uncontrolled inputs. */}
      <fetcher.Form ref={form} method="post" action="/profile" noValidate onSubmit={onSubmit} key={`${details.userId}`} aria-labelledby="details-title">
        <input type="hidden" name="intent" value="update-details" />
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="details-email" className={labelClass}>
              Email
            </label>
            <input id="details-email" type="email" readOnly value={details.email} className={`mt-1 ${inputClass} opacity-80`} aria-describedby="details-email-hint" />
            <p id="details-email-hint" className="mt-1 text-xs text-(--color-light)">
              {clientId ? (
                'The client’s sign-in email; only they can change it.'
              ) : (
                <>
                  The sign-in email. Change it under{' '}
                  <a href="#sign-in-and-security" className="text-(--color-link) underline hover:no-underline">
                    Sign-in and security
                  </a>
                  .
                </>
              )}
            </p>
          </div>
          {field('phoneNumber')}
          {field('nickname')}
          {field('givenName')}
          {field('familyName')}
          {field('website')}
          {field('companyName')}
          {field('ethereumAddress')}
        </div>
        <fieldset className="mt-5">
          <legend className="text-base font-semibold">Postal address</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">{postalAddressParts.map((p) => field(p))}</div>
        </fieldset>
        <div className="mt-5 flex items-center gap-4">
          <button type="submit" className={buttonClass} disabled={submitting} aria-live="polite">
            {label}
          </button>
        </div>
      </fetcher.Form>
    </section>
  )
}

function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors | undefined) {
  const first = errors && Object.keys(errors)[0]
  if (!form || !first) return
  form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
}
