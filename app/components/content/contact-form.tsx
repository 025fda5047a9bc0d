import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { useEffect } from 'react'
import { Form, useNavigation } from 'react-router'
import type { contactPage as ContactPageContent } from '../../../content/contact'
import { limits } from '../../../lib/catalogue'
import { CONTACT_HONEYPOT_FIELD, contactMessages, contactSchema } from '../../../lib/contact-schema'
import { Field, TextareaField } from '../forms'
import { primaryButtonClass } from './ui'
import { useSchemaForm } from '../use-schema-form'

/** The action's answer: what became of the message, and the form's result (its field errors and values). */
export interface ContactFormAnswer {
  status: 'sent' | 'invalid' | 'rate-limited' | 'failed'
  result: SubmissionResult<string[]>
}

/**
 * The contact form. Without JavaScript it is a plain post whose errors the server renders beside
 * their fields; with it, the contact schema checks the fields before sending and again as the visitor
 * corrects them, the action's field errors show beside their fields too, and the button says
 * "Sending Message" while the message is on its way. A message sent is cleared from the form; one
 * refused or not stored stays, to be sent again.
 */
export function ContactForm({ content, answer }: { content: typeof ContactPageContent; answer?: ContactFormAnswer }) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const [form, fields] = useSchemaForm(contactSchema, {
    id: 'contact-form',
    lastResult: answer?.result,
  })
  // The form's code arrives when the visitor starts on it, so what they typed before is in the page
  // but not in the form's state: each filled field is read once, as if just typed (the counter counts it).
  useEffect(() => {
    const element = document.getElementById(form.id)
    if (!(element instanceof HTMLFormElement)) return
    for (const field of [element.elements.namedItem('name'), element.elements.namedItem('email'), element.elements.namedItem('message')]) {
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value) field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }, [form.id])
  const messageLength = typeof fields.message.value === 'string' ? fields.message.value.length : 0
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} aria-labelledby="contact-form-heading" aria-describedby={undefined} className="relative space-y-5">
      <h2 id="contact-form-heading" className="text-xl font-semibold">
        {content.formHeading}
      </h2>
      {answer?.status === 'sent' && (
        <p role="status" className="rounded-lg border border-green bg-green/10 p-4 text-text">
          {contactMessages.success}
        </p>
      )}
      {(answer?.status === 'failed' || answer?.status === 'rate-limited') && (
        <p role="alert" className="rounded-lg border border-red bg-red/10 p-4 text-text">
          {answer.status === 'failed' ? contactMessages.failure : content.rateLimited}
        </p>
      )}
      <Field
        key={fields.name.key}
        label={content.labels.name}
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text', ariaAttributes: false }), id: 'contact-name', required: true, autoComplete: 'name', placeholder: content.placeholders.name }}
      />
      <Field
        key={fields.email.key}
        label={content.labels.email}
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email', ariaAttributes: false }), id: 'contact-email', required: true, autoComplete: 'email', placeholder: content.placeholders.email }}
      />
      <TextareaField
        key={fields.message.key}
        label={content.labels.message}
        errors={fields.message.errors}
        textareaProps={{
          ...getTextareaProps(fields.message, { ariaAttributes: false }),
          id: 'contact-message',
          required: true,
          rows: 7,
          maxLength: limits.contactMessageMax,
          placeholder: content.placeholders.message,
          'aria-describedby': 'contact-message-count',
        }}
      >
        <p id="contact-message-count" className="mt-1 text-right text-sm text-(--color-light) tabular-nums" data-testid="message-count">
          {messageLength} / {limits.contactMessageMax} characters
        </p>
      </TextareaField>
      {/* Hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className={`${primaryButtonClass} w-full sm:w-auto`} disabled={sending} aria-disabled={sending || undefined}>
        {sending ? content.submitting : content.submit}
      </button>
    </Form>
  )
}
