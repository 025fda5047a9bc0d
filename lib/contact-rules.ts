import { limits } from './catalogue'

/**
 * The contact form's rules and messages, written once. lib/contact-schema.ts
 * builds the Zod schema from these checks; they live apart from it so that the page can re-check a
 * field as the visitor types without loading Zod with the page (the schema loads with the form).
 */
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

export function checkName(raw: string): string | undefined {
  const name = raw.trim()
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

export function checkEmail(raw: string): string | undefined {
  const email = raw.trim()
  if (!email) return contactMessages.emailRequired
  if (!EMAIL_SHAPE.test(email)) return contactMessages.emailMalformed
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (!HOSTNAME.test(domain)) return contactMessages.emailDomain
  return undefined
}

export function checkMessage(raw: string): string | undefined {
  const message = raw.trim()
  if (!message) return contactMessages.messageRequired
  if (!MESSAGE_CHARACTERS.test(message)) return contactMessages.messageCharacters
  if (message.length > limits.contactMessageMax) return contactMessages.messageTooLong
  return undefined
}

export type ContactField = 'name' | 'email' | 'message'
export type ContactFieldErrors = Partial<Record<ContactField, string>>
