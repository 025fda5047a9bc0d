import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { CONTACT_HONEYPOT_FIELD, contactSchema } from '../../lib/contact-schema'
import type { ContactFormAnswer } from '../components/content/contact-form'
import { getAppContext } from '../../server/context/app-context'
import { isAppError } from '../../server/errors/app-error'
import { clientIpFromRequest } from '../../server/http/client-ip'
import { submitForm } from '../../server/http/submit-form'
import { createContact } from '../../server/services/contacts/create-contact'

/** Only the public, browser-side map settings: the key is a restricted browser key by design. */
export function loadContactPage() {
  const { env } = getAppContext()
  return { maps: { apiKey: env.GOOGLE_MAPS_API_KEY ?? null, mapId: env.GOOGLE_MAPS_MAP_ID ?? null } }
}

export async function submitContact(request: Request) {
  const form = await request.formData()
  const { log } = getAppContext()
  try {
    const { result, saved } = await submitForm(form, contactSchema, async (input) => {
      if (form.get(CONTACT_HONEYPOT_FIELD)) {
        // Answer as if it worked, so the bot learns nothing; store nothing.
        log.info({ event: 'contact-honeypot' }, 'contact form honeypot filled; message dropped')
        return 'dropped'
      }
      await createContact({ input, clientIp: clientIpFromRequest(request) })
      return 'stored'
    })
    if (saved) return data<ContactFormAnswer>({ status: 'sent', result })
    return data<ContactFormAnswer>({ status: 'invalid', result }, { status: 400 })
  } catch (error) {
    // The form keeps what was typed, to be sent again.
    const result = parseWithZod(form, { schema: contactSchema }).reply()
    if (isAppError(error) && error.code === 'TOO_MANY_REQUESTS') {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds
      return data<ContactFormAnswer>({ status: 'rate-limited', result }, { status: 429, headers: retryAfter ? { 'Retry-After': String(retryAfter) } : undefined })
    }
    log.error({ err: error }, 'contact message could not be stored')
    return data<ContactFormAnswer>({ status: 'failed', result }, { status: 500 })
  }
}
