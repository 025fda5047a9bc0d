import { z } from './zod'
import { checkEmail, checkMessage, checkName, type ContactField, type ContactFieldErrors } from './contact-rules'

export * from './contact-rules'

const field = (check: (value: string) => string | undefined) =>
  z
    .string({ error: () => check('') })
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const message = check(value)
      if (message) ctx.addIssue({ code: 'custom', message })
    })

/**
 * The contact form's schema: the browser validates with it before sending (it is fetched when the
 * visitor starts on the form) and the route action and the contact service validate again with it.
 */
const contactSchema = z.object({
  name: field(checkName),
  email: field(checkEmail),
  message: field(checkMessage),
})

export type ContactInput = z.infer<typeof contactSchema>

/** Validates form values; returns the clean input or one message per field. */
export function validateContact(values: Partial<Record<ContactField, unknown>>): { data: ContactInput; errors?: undefined } | { data?: undefined; errors: ContactFieldErrors } {
  const result = contactSchema.safeParse({ name: values.name ?? '', email: values.email ?? '', message: values.message ?? '' })
  if (result.success) return { data: result.data }
  const errors: ContactFieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path[0] as ContactField
    errors[key] ??= issue.message
  }
  return { errors }
}
