import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Form, useNavigation, useSubmit } from 'react-router'
import type { contactPage as ContactPageContent } from '../../../content/contact'
import { limits } from '../../../lib/catalogue'
import { checkEmail, checkMessage, checkName, contactMessages, type ContactField, type ContactFieldErrors } from '../../../lib/contact-rules'
import { primaryButtonClass } from './ui'

export type ContactFormResult =
  | { status: 'sent' }
  | { status: 'invalid'; errors: ContactFieldErrors; values: Record<ContactField, string> }
  | { status: 'rate-limited'; values: Record<ContactField, string> }
  | { status: 'failed'; values: Record<ContactField, string> }

const checks: Record<ContactField, (value: string) => string | undefined> = { name: checkName, email: checkEmail, message: checkMessage }
const fields: ContactField[] = ['name', 'email', 'message']

// The Zod schema (and Zod with it) is fetched when the visitor starts on the form, not with the page.
type ContactSchemaModule = typeof import('../../../lib/contact-schema')
let schemaModule: ContactSchemaModule | undefined
const loadSchema = () => import('../../../lib/contact-schema').then((m) => (schemaModule = m))

/**
 * The contact form. Without JavaScript it is a plain POST whose errors the server renders; with it,
 * the same schema checks each field before sending and the button says "Sending Message".
 */
export function ContactForm({ content, result, honeypotField }: { content: typeof ContactPageContent; result?: ContactFormResult; honeypotField: string }) {
  const contactPage = content
  const navigation = useNavigation()
  const submit = useSubmit()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const formRef = useRef<HTMLFormElement>(null)
  const values = result && 'values' in result ? result.values : undefined
  const [errors, setErrors] = useState<ContactFieldErrors>(result?.status === 'invalid' ? result.errors : {})
  const [messageLength, setMessageLength] = useState(values?.message.length ?? 0)

  // A new answer from the action replaces whatever the browser-side check showed.
  useEffect(() => {
    if (!result) return
    setErrors(result.status === 'invalid' ? result.errors : {})
    if (result.status === 'sent') {
      formRef.current?.reset()
      setMessageLength(0)
    }
  }, [result])

  /** True when the values may be sent; otherwise shows the messages and focuses the first field at fault. */
  const validate = (form: HTMLFormElement, schema: ContactSchemaModule): boolean => {
    const data = new FormData(form)
    const check = schema.validateContact({ name: data.get('name'), email: data.get('email'), message: data.get('message') })
    if (check.errors) {
      setErrors(check.errors)
      const first = fields.find((f) => check.errors[f])
      const element = first ? form.elements.namedItem(first) : null
      if (element instanceof HTMLElement) element.focus()
      return false
    }
    setErrors({})
    return true
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (schemaModule) {
      if (!validate(event.currentTarget, schemaModule)) event.preventDefault()
      return
    }
    // Sent before the schema arrived (it is usually loaded by the first keystroke): wait for it.
    event.preventDefault()
    const form = event.currentTarget
    void loadSchema().then((schema) => {
      if (validate(form, schema)) void submit(form)
    })
  }

  // Once a field shows a message, re-check it as the visitor types so the message goes when fixed.
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField
    if (field === 'message') setMessageLength(event.target.value.length)
    if (errors[field]) setErrors((e) => ({ ...e, [field]: checks[field](event.target.value) }))
  }

  const inputClass = (field: ContactField) =>
    `mt-1 block w-full rounded-lg border bg-[var(--color-background)] px-3 py-2 text-[var(--color-text)] placeholder:text-[var(--color-light)]/70 focus:outline-2 focus:outline-[var(--color-highlight)] ${
      errors[field] ? 'border-red' : 'border-[var(--color-border)]'
    }`
  const describedBy = (field: ContactField, extra?: string) => [errors[field] ? `contact-${field}-error` : undefined, extra].filter(Boolean).join(' ') || undefined
  const errorText = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="mt-1 text-sm font-medium text-red">
        {errors[field]}
      </p>
    ) : null

  /** A one-line field: its label, the input (its value kept after a refused post) and its message. */
  const input = (field: 'name' | 'email', props: { type: string; autoComplete: string }) => (
    <div>
      <label htmlFor={`contact-${field}`} className="font-medium">
        {contactPage.labels[field]}
      </label>
      <input
        id={`contact-${field}`}
        name={field}
        {...props}
        required
        defaultValue={values?.[field]}
        placeholder={contactPage.placeholders[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={onChange}
        className={inputClass(field)}
      />
      {errorText(field)}
    </div>
  )

  return (
    <Form method="post" action="/contact" noValidate onSubmit={onSubmit} onFocus={() => void loadSchema()} ref={formRef} className="relative space-y-5" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-xl font-semibold">
        {contactPage.formHeading}
      </h2>
      {result?.status === 'sent' && (
        <p role="status" className="rounded-lg border border-green bg-green/10 p-4 text-text">
          {contactMessages.success}
        </p>
      )}
      {(result?.status === 'failed' || result?.status === 'rate-limited') && (
        <p role="alert" className="rounded-lg border border-red bg-red/10 p-4 text-text">
          {result.status === 'failed' ? contactMessages.failure : contactPage.rateLimited}
        </p>
      )}
      {input('name', { type: 'text', autoComplete: 'name' })}
      {input('email', { type: 'email', autoComplete: 'email' })}
      <div>
        <label htmlFor="contact-message" className="font-medium">
          {contactPage.labels.message}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={7}
          required
          maxLength={limits.contactMessageMax}
          defaultValue={values?.message}
          placeholder={contactPage.placeholders.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', 'contact-message-count')}
          onChange={onChange}
          className={inputClass('message')}
        />
        <div className="flex items-start justify-between gap-4">
          {errorText('message') ?? <span />}
          <p id="contact-message-count" className="mt-1 shrink-0 text-sm text-[var(--color-light)] tabular-nums" data-testid="message-count">
            {messageLength} / {limits.contactMessageMax} characters
          </p>
        </div>
      </div>
      {/* Hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className={`${primaryButtonClass} w-full sm:w-auto`} disabled={sending} aria-disabled={sending || undefined}>
        {sending ? contactPage.submitting : contactPage.submit}
      </button>
    </Form>
  )
}
