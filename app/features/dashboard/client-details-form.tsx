import { getFormProps, getInputProps } from '@conform-to/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { timings } from '../../../lib/catalogue'
import { postalAddressParts, profileLabels, profileSchema, type ProfileField } from '../../../lib/profile-schema'
import { Field, focusFirstInvalid } from '../../components/forms'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import { buttonClass } from '../../components/portal/styles'
import type { ClientDetailsView, DashboardActionResult } from './types'
import { PortalCard } from '../../components/portal/portal-card'
import { useSchemaForm } from '../../components/use-schema-form'

type ButtonState = 'idle' | 'failed' | 'succeeded'

const buttonText = {
  idle: 'Update details',
  submitting: 'Updating please wait',
  succeeded: 'Update successful',
  failed: 'Update failed',
} as const

const inputTypes: Record<ProfileField, { type: 'text' | 'tel' | 'url'; autoComplete: string; hint?: string }> = {
  phoneNumber: { type: 'tel', autoComplete: 'tel', hint: 'A UK number (01422 123456) or an international one (+44 1422 123456).' },
  nickname: { type: 'text', autoComplete: 'nickname' },
  givenName: { type: 'text', autoComplete: 'given-name' },
  familyName: { type: 'text', autoComplete: 'family-name' },
  // "url" would make the browser refuse a bare domain, which the schema accepts and completes.
  website: { type: 'text', autoComplete: 'url', hint: 'e.g. meshwork.example (https:// is added).' },
  companyName: { type: 'text', autoComplete: 'organization' },
  ethereumAddress: { type: 'text', autoComplete: 'off' },
  building: { type: 'text', autoComplete: 'address-line1' },
  road: { type: 'text', autoComplete: 'address-line2' },
  town: { type: 'text', autoComplete: 'address-level2' },
  county: { type: 'text', autoComplete: 'address-level1' },
  postcode: { type: 'text', autoComplete: 'postal-code' },
}

/** Every field of the schema is shown: the address parts under their own heading, the others first. */
const profileFields = Object.keys(profileSchema.shape) as ProfileField[]
const personFields = profileFields.filter((f) => !(postalAddressParts as readonly string[]).includes(f))

/**
 * The client's details: every field of the profile schema, checked in the browser with the schema
 * the action and the service use (the reason beside the field), saved by the action. The button
 * walks "Update details" → "Updating please wait" → "Update successful" or "Update failed" → back
 * to "Update details" after the status time-out (3 s); a failure of the server is "Update failed".
 */
export function ClientDetailsForm({ details, clientId }: { details: ClientDetailsView; clientId: string | null }) {
  const fetcher = useFetcher<DashboardActionResult>({ key: `update-details-${details.userId}` })
  // Without JavaScript the form posts the page itself, whose answer is the route's action data.
  const posted = useActionData<DashboardActionResult>()
  const answer = fetcher.data ?? (posted?.intent === 'update-details' ? posted : undefined)
  const [result, setResult] = useState<ButtonState>('idle')
  const formRef = useRef<HTMLFormElement>(null)
  const sent = useRef(false)
  const submitting = fetcher.state !== 'idle'

  const [form, fields] = useSchemaForm(profileSchema, {
    id: `details-${details.userId}`,
    lastResult: fetcher.state === 'idle' ? answer?.result : undefined,
    defaultValue: details,
    onSubmit(event, { formData }) {
      event.preventDefault()
      sent.current = true
      setResult('idle')
      void fetcher.submit(formData, { method: 'post', action: '/profile' })
    },
  })

  // The action's answer decides the button; field errors move the focus to the first field to fix.
  useFetcherResult(fetcher, (data) => {
    setResult(data.ok ? 'succeeded' : 'failed')
    if (!data.ok) requestAnimationFrame(() => focusFirstInvalid(formRef.current))
  })

  useEffect(() => {
    if (result === 'idle') return
    const timer = setTimeout(() => setResult('idle'), timings.statusResetMs)
    return () => clearTimeout(timer)
  }, [result])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    sent.current = false
    form.onSubmit(event)
    // Not sent: the schema refused a field, which now names its error.
    if (!sent.current) {
      setResult('failed')
      requestAnimationFrame(() => focusFirstInvalid(formRef.current))
    }
  }

  const field = (name: ProfileField) => {
    const kind = inputTypes[name]
    const meta = fields[name]
    return (
      // The key changes when the form is reset after a save: the input then shows the stored (normalised) value.
      <Field
        key={`${name}-${form.key ?? ''}`}
        label={profileLabels[name]}
        hint={kind.hint}
        errors={meta.errors}
        inputProps={{ ...getInputProps(meta, { type: kind.type, ariaAttributes: false }), autoComplete: kind.autoComplete }}
      />
    )
  }

  return (
    <PortalCard titleId="details-title" title={clientId ? 'Client details' : 'Your details'}>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/profile"
        {...getFormProps(form)}
        onSubmit={onSubmit}
        aria-labelledby="details-title"
        aria-describedby={undefined}
      >
        <input type="hidden" name="intent" value="update-details" />
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Email"
            hint={
              clientId ? (
                'The client’s sign-in email; only they can change it.'
              ) : (
                <>
                  The sign-in email. Change it under{' '}
                  <a href="#sign-in-and-security" className="text-(--color-link) underline hover:no-underline">
                    Sign-in and security
                  </a>
                  .
                </>
              )
            }
            inputProps={{ id: 'details-email', type: 'email', readOnly: true, value: details.email, className: 'opacity-80' }}
          />
          {personFields.map(field)}
        </div>
        <fieldset className="mt-5">
          <legend className="text-base font-semibold">Postal address</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">{postalAddressParts.map(field)}</div>
        </fieldset>
        <div className="mt-5 flex items-center gap-4">
          <button type="submit" className={buttonClass} disabled={submitting} aria-live="polite">
            {submitting ? buttonText.submitting : buttonText[result]}
          </button>
        </div>
      </fetcher.Form>
    </PortalCard>
  )
}
