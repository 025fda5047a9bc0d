import { limits } from './catalogue'
import { z } from './zod'

/** The contact form's messages, shown beside its fields and in its status line. */
export const contactMessages = {
  nameRequired: 'Please enter your name',
  nameInvalid: 'Please check your name',
  emailRequired: 'Please enter your email',
  emailMalformed: 'Please check email spelling',
  emailDomain: 'Try another email address',
  messageRequired: 'Please enter the message',
  messageCharacters: 'Elaborate please.',
  messageTooLong: `Please keep the message within ${limits.contactMessageMax} characters`,
  success: 'Thank you for your comments, your message has been received',
  failure: 'There was an error sending your message. Please try again.',
} as const

/** The honeypot: a field people never see, which form-filling bots tend to complete. */
export const CONTACT_HONEYPOT_FIELD = 'website'

const MAX_NAME_SPACES = 4
/** Letters (any script, so "Seán" and "Zoë" pass) and plain spaces. */
const NAME_CHARACTERS = /^[\p{L} ]+$/u
/** The same letter three or more times in a row ("Daaave"), ignoring case. */
const TRIPLED_LETTER = /(\p{L})\1\1/iu
/** Something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** A DNS hostname: labels of letters, digits and inner hyphens, ending in an alphabetic top-level label. */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i
/**
 * Letters, digits, whitespace, . , ' " ! ? % ( ) / - : ; and accented Latin letters
 * (Latin-1 Supplement and Latin Extended-A/B letters; × and ÷ are excluded).
 */
const MESSAGE_CHARACTERS = /^[A-Za-z0-9\s.,'"!?%()/\-:;\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+$/

function checkName(name: string): string | undefined {
  if (!name) return contactMessages.nameRequired
  const letters = name.replace(/ /g, '').length
  const spaces = name.length - letters
  const valid =
    NAME_CHARACTERS.test(name) &&
    spaces <= MAX_NAME_SPACES &&
    !TRIPLED_LETTER.test(name) &&
    letters >= limits.nameMinLetters &&
    letters <= limits.nameMaxLetters
  return valid ? undefined : contactMessages.nameInvalid
}

function checkEmail(email: string): string | undefined {
  if (!email) return contactMessages.emailRequired
  if (!EMAIL_SHAPE.test(email)) return contactMessages.emailMalformed
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (!HOSTNAME.test(domain)) return contactMessages.emailDomain
  return undefined
}

function checkMessage(message: string): string | undefined {
  if (!message) return contactMessages.messageRequired
  if (!MESSAGE_CHARACTERS.test(message)) return contactMessages.messageCharacters
  if (message.length > limits.contactMessageMax) return contactMessages.messageTooLong
  return undefined
}

/** A text field, trimmed, with one message at a time: the first rule it breaks. A missing field is an empty one. */
const field = (check: (value: string) => string | undefined) =>
  z
    .string({ error: () => check('') })
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const message = check(value)
      if (message) ctx.addIssue({ code: 'custom', message })
    })

/**
 * The contact form's schema: the form checks its fields with it before sending and as the visitor
 * corrects them, and the route action and the contact service check them again with it.
 */
export const contactSchema = z.object({
  name: field(checkName),
  email: field(checkEmail),
  message: field(checkMessage),
})

export type ContactInput = z.infer<typeof contactSchema>
type ContactField = keyof ContactInput
type ContactFieldErrors = Partial<Record<ContactField, string>>

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
