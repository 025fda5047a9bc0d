import { data } from 'react-router'
import { CONTACT_HONEYPOT_FIELD, validateContact, type ContactField } from '../../lib/contact-schema'
import type { ContactFormResult } from '../components/content/contact-form'
import { getAppContext } from '../../server/context/app-context'
import { isAppError } from '../../server/errors/app-error'
import { clientIpFromRequest } from '../../server/http/client-ip'
import { createContact } from '../../server/services/contacts/create-contact'

type ContactActionResult = ContactFormResult
type ContactFieldErrors = Extract<ContactFormResult, { status: 'invalid' }>['errors']
type ContactValues = Record<ContactField, string>

/** Only the public, browser-side map settings: the key is a restricted browser key by design. */
export function loadContactPage() {
  const { env } = getAppContext()
  return { maps: { apiKey: env.GOOGLE_MAPS_API_KEY ?? null, mapId: env.GOOGLE_MAPS_MAP_ID ?? null } }
}

export async function submitContact(request: Request) {
  const form = await request.formData()
  const text = (key: string) => {
    const value = form.get(key)
    return typeof value === 'string' ? value : ''
  }
  const values: ContactValues = { name: text('name'), email: text('email'), message: text('message') }

  const validation = validateContact(values)
  if (validation.errors) return data<ContactActionResult>({ status: 'invalid', errors: validation.errors, values }, { status: 400 })

  const { log } = getAppContext()
  if (text(CONTACT_HONEYPOT_FIELD)) {
    // Pretend it worked, so the bot learns nothing; store nothing.
    log.info({ event: 'contact-honeypot' }, 'contact form honeypot filled; message dropped')
    return data<ContactActionResult>({ status: 'sent' })
  }

  try {
    await createContact({ input: values, clientIp: clientIpFromRequest(request) })
    return data<ContactActionResult>({ status: 'sent' })
  } catch (error) {
    if (isAppError(error) && error.code === 'TOO_MANY_REQUESTS') {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds
      return data<ContactActionResult>({ status: 'rate-limited', values }, { status: 429, headers: retryAfter ? { 'Retry-After': String(retryAfter) } : undefined })
    }
    if (isAppError(error) && error.code === 'BAD_REQUEST') {
      const errors = Object.fromEntries(Object.entries(error.fieldErrors ?? {}).map(([k, v]) => [k, v[0]])) as ContactFieldErrors
      return data<ContactActionResult>({ status: 'invalid', errors, values }, { status: 400 })
    }
    log.error({ err: error }, 'contact message could not be stored')
    return data<ContactActionResult>({ status: 'failed', values }, { status: 500 })
  }
}

