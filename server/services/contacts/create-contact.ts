import { validateContact, type ContactInput } from '../../../lib/contact-schema'
import { getAppContext } from '../../context/app-context'
import { contacts } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { enqueueOutbox } from '../../outbox/enqueue'
import { consumeRateLimit } from '../../rate-limit/consume-rate-limit'
import { toContactMessage, type ContactMessage } from './contact-types'

/** Messages per visitor address per window: generous for a person, useless for a spam run. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const

export interface CreateContactOptions {
  input: { name?: unknown; email?: unknown; message?: unknown }
  /** The sender's network address, for the per-address limit; omitted for trusted callers. */
  clientIp?: string
}

/**
 * Stores a visitor's message (anyone may send one). The row and its notification are committed in
 * one transaction, so the message is safe before anything is sent anywhere (nothing a visitor sends
 * is lost to a failing mail or webhook); the outbox worker delivers the notification afterwards.
 *
 * Throws AppError BAD_REQUEST with per-field messages (the contact form's rules) or
 * TOO_MANY_REQUESTS when the address has sent too many messages.
 */
export async function createContact({ input, clientIp }: CreateContactOptions): Promise<ContactMessage> {
  const result = validateContact(input as Partial<Record<keyof ContactInput, unknown>>)
  if (result.errors) {
    const fieldErrors = Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [field, [message]]))
    throw new AppError('BAD_REQUEST', 'Please check the form', { fieldErrors })
  }
  if (clientIp) {
    const limit = await consumeRateLimit({ key: `contact:ip:${clientIp}`, ...CONTACT_RATE_LIMIT })
    if (!limit.allowed) {
      const error = new AppError('TOO_MANY_REQUESTS', `Too many messages. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`)
      // Adapters turn this into a Retry-After header.
      throw Object.assign(error, { retryAfterSeconds: limit.retryAfterSeconds })
    }
  }
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contacts).values(result.data).returning()
    const contact = toContactMessage(row!)
    await enqueueOutbox(tx, { channel: 'notification', kind: 'contact', payload: { ...contact } })
    return contact
  })
}

